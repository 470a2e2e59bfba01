import { IdentityErrorCode } from '@scm/contracts';
import { AppException } from '@scm/platform';
import type { FieldProblem } from '@scm/platform';

/** identity's one exception type: a code of IdentityErrorCode, translated by the platform's error filter. */
export class IdentityException extends AppException {
  constructor(code: IdentityErrorCode, params: Record<string, string | number> = {}, fields: FieldProblem[] = []) {
    super(code, params, fields);
  }

  /** A problem that belongs to one form field (a duplicate email, a common password). */
  static onField(code: IdentityErrorCode, field: string): IdentityException {
    return new IdentityException(code, {}, [{ field, rule: `errors.${code}` }]);
  }
}
