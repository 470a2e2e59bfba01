import { IdentityErrorCode } from '@scm/contracts';
import { IdentityException } from '../identity.exception.js';
import { COMMON_PASSWORDS } from './common-passwords.js';

/**
 * What the composition rules (contracts' passwordSchema) cannot see: a password from the common list, or one
 * built on the user's own identifiers or the product's name.
 */
export function assertNotCommon(password: string, user: { email: string; username: string }): void {
  const lower = password.toLowerCase();
  const personal = [user.username, user.email.split('@')[0] ?? '', 'scm'].filter((part) => part.length >= 3);
  if (COMMON_PASSWORDS.has(lower) || personal.some((part) => lower.includes(part.toLowerCase()))) {
    throw IdentityException.onField(IdentityErrorCode.PASSWORD_TOO_COMMON, 'password');
  }
}
