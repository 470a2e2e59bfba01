import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { CommonErrorCode, EPOINT_KEY_HEADER, EPOINT_KEY_PREFIX, InventoryErrorCode } from '@scm/contracts';
import type { AccessTokenClaims, EpointKeyCreated, EpointKeyView, ValidEpointKeyInput } from '@scm/contracts';
import { AppException, assertLocationsInScope, assertRecordInScope, locationScopeOf } from '@scm/platform';
import type { LocationScope } from '@scm/platform';
import { EpointKeyRepository } from './epoint-key.repository.js';

/** How many characters of a key are kept to tell keys apart (the prefix and 8 of the random part). */
const SHOWN_PREFIX_LENGTH = EPOINT_KEY_PREFIX.length + 8;

export const hashKey = (key: string): string => createHash('sha256').update(key, 'utf8').digest('hex');

/** The key a POS call carries: `Authorization: Bearer <key>` or `X-Api-Key: <key>`. */
export function presentedKey(headers: Record<string, string | string[] | undefined>): string | undefined {
  const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);
  const apiKey = first(headers[EPOINT_KEY_HEADER])?.trim();
  if (apiKey) return apiKey;
  const authorization = first(headers.authorization);
  return authorization?.startsWith('Bearer ') ? authorization.slice(7).trim() || undefined : undefined;
}

/** The location a POS key writes to, once the key is known and live. */
export interface EpointCaller {
  key_id: string;
  location_id: string;
}

/**
 * POS keys (Settings › POS keys, key SETTING): one location each, created with 256 random bits shown once and kept
 * as a SHA-256 hash, revoked for good. A call with a missing, unknown or revoked key is refused alike (401), so a
 * key cannot be probed.
 */
@Injectable()
export class EpointKeyService {
  constructor(private readonly keys: EpointKeyRepository) {}

  list(scope: LocationScope): Promise<EpointKeyView[]> {
    return this.keys.list(scope);
  }

  async create(input: ValidEpointKeyInput, user: AccessTokenClaims): Promise<EpointKeyCreated> {
    assertLocationsInScope(locationScopeOf(user), [{ field: 'location_id', locationId: input.location_id }]);
    if ((await this.keys.locationName(input.location_id)) === null) {
      throw new AppException(InventoryErrorCode.LOCATION_UNKNOWN, { location: input.location_id }, [
        {
          field: 'location_id',
          rule: `errors.${InventoryErrorCode.LOCATION_UNKNOWN}`,
          params: { location: input.location_id },
        },
      ]);
    }
    const key = `${EPOINT_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
    const id = randomUUID();
    await this.keys.insert({
      id,
      location_id: input.location_id,
      label: input.label,
      key_prefix: key.slice(0, SHOWN_PREFIX_LENGTH),
      key_hash: hashKey(key),
      created_by: user.sub,
      created_by_name: user.name,
    });
    const view = await this.keys.find(id);
    return { ...view!, key };
  }

  async revoke(id: string, user: AccessTokenClaims): Promise<EpointKeyView> {
    const found = await this.keys.find(id);
    const notFound = () => new AppException(CommonErrorCode.NOT_FOUND);
    if (!found) throw notFound();
    assertRecordInScope(locationScopeOf(user), found.location_id, notFound);
    await this.keys.revoke(id, { sub: user.sub, name: user.name });
    return (await this.keys.find(id))!;
  }

  /** The live key of a POS call, or 401. */
  async authenticate(headers: Record<string, string | string[] | undefined>): Promise<EpointCaller> {
    const key = presentedKey(headers);
    const found = key?.startsWith(EPOINT_KEY_PREFIX) ? await this.keys.findByHash(hashKey(key)) : null;
    if (!found || found.revoked_time !== null) throw new AppException(InventoryErrorCode.EPOINT_KEY_INVALID);
    await this.keys.touch(found.id);
    return { key_id: found.id, location_id: found.location_id };
  }
}
