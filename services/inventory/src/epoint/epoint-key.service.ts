import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import {
  CommonErrorCode,
  EPOINT_KEY_HEADER,
  EPOINT_KEY_PREFIX,
  InventoryErrorCode,
  InventorySubjects,
} from '@scm/contracts';
import type { AccessTokenClaims, EpointKeyCreated, EpointKeyView, ValidEpointKeyInput } from '@scm/contracts';
import {
  AppException,
  DATA_SOURCE,
  EventPublisher,
  assertLocationsInScope,
  assertRecordInScope,
  locationScopeOf,
} from '@scm/platform';
import type { LocationScope } from '@scm/platform';
import type { DataSource, EntityManager } from 'typeorm';
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
 * key cannot be probed. A creation and a revocation are published with the change (the activity log tells who gave
 * or took a location's POS access, by the key's label and prefix, never the key).
 */
@Injectable()
export class EpointKeyService {
  constructor(
    @Inject(DATA_SOURCE) private readonly dataSource: DataSource,
    private readonly keys: EpointKeyRepository,
    private readonly events: EventPublisher,
  ) {}

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
    const view = await this.dataSource.transaction(async (manager) => {
      await this.keys.insert(manager, {
        id,
        location_id: input.location_id,
        label: input.label,
        key_prefix: key.slice(0, SHOWN_PREFIX_LENGTH),
        key_hash: hashKey(key),
        created_by: user.sub,
        created_by_name: user.name,
      });
      return this.announce(manager, InventorySubjects.EpointKeyCreated, id);
    });
    return { ...view, key };
  }

  async revoke(id: string, user: AccessTokenClaims): Promise<EpointKeyView> {
    const found = await this.keys.find(id);
    const notFound = () => new AppException(CommonErrorCode.NOT_FOUND);
    if (!found) throw notFound();
    assertRecordInScope(locationScopeOf(user), found.location_id, notFound);
    return this.dataSource.transaction(async (manager) => {
      // Revoking a revoked key changes nothing and tells nobody.
      const revoked = await this.keys.revoke(manager, id, { sub: user.sub, name: user.name });
      return revoked
        ? this.announce(manager, InventorySubjects.EpointKeyRevoked, id)
        : (await this.keys.find(id, manager))!;
    });
  }

  /** Publishes a key's creation or revocation in the transaction that made it; returns the key as it now is. */
  private async announce(
    manager: EntityManager,
    subject: typeof InventorySubjects.EpointKeyCreated | typeof InventorySubjects.EpointKeyRevoked,
    id: string,
  ): Promise<EpointKeyView> {
    const view = (await this.keys.find(id, manager))!;
    await this.events.publish(manager, subject, {
      key_id: view.id,
      location_id: view.location_id,
      location_name: view.location_name,
      label: view.label,
      key_prefix: view.key_prefix,
    });
    return view;
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
