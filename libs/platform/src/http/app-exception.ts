import type { ErrorCode, FieldError } from '@scm/contracts';

/** A field problem before translation: the i18n key of its rule and the values for its placeholders. */
export type FieldProblem = Omit<FieldError, 'message'>;

/**
 * The one exception type of the product. Each context throws it with a code of its own enum; the error
 * filter turns the code into the HTTP status and the caller's-language message. Never throw Nest's
 * HttpExceptions with literal text.
 */
export class AppException extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly params: Record<string, string | number> = {},
    readonly fieldProblems: FieldProblem[] = [],
  ) {
    super(code);
    this.name = 'AppException';
  }

  /** Seconds after which the refused request may be tried again, sent as Retry-After (with 429 or 503). */
  retryAfterSeconds: number | undefined;

  withRetryAfter(seconds: number): this {
    this.retryAfterSeconds = seconds;
    return this;
  }
}
