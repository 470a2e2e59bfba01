import { randomBytes, randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { OnApplicationBootstrap } from '@nestjs/common';
import { DIRECTOR_ROLE_NAME, IdentitySubjects, PERMISSION_KEYS } from '@scm/contracts';
import { DATA_SOURCE, EventPublisher, PLATFORM_CONFIG, createLogger } from '@scm/platform';
import type { PlatformConfig } from '@scm/platform';
import type { DataSource } from 'typeorm';
import { hashPassword } from '../auth/password-hasher.js';
import { RoleEntity } from '../roles/role.entity.js';
import { roleSnapshot } from '../roles/role.service.js';
import { UserEntity } from '../users/user.entity.js';
import { userSnapshot } from '../users/user-snapshot.js';

const logger = createLogger('identity.seed');

/**
 * On the first start (no user at all), creates the role `director` holding every permission and the first
 * administrator. The credentials come from ADMIN_EMAIL / ADMIN_PASSWORD, or are generated and printed once.
 * An advisory lock keeps two identity processes starting together from seeding twice. Both are published like any
 * role and user, so the other services' replicas (the document kit's approver directory) know the director.
 */
@Injectable()
export class AdminSeeder implements OnApplicationBootstrap {
  constructor(
    @Inject(DATA_SOURCE) private readonly dataSource: DataSource,
    @Inject(PLATFORM_CONFIG) private readonly config: PlatformConfig,
    private readonly events: EventPublisher,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      await manager.query(`SELECT pg_advisory_xact_lock(hashtext('identity.seed'))`);
      if ((await manager.getRepository(UserEntity).count()) > 0) return;
      const role: RoleEntity = manager.getRepository(RoleEntity).create({
        role_id: randomUUID(),
        role_name: DIRECTOR_ROLE_NAME,
        permission_list: PERMISSION_KEYS.map((key) => ({
          permission: { key },
          view: true,
          edit: true,
          approval: true,
        })),
        can_see_cost: true,
        approval_limit: null,
      });
      await manager.getRepository(RoleEntity).insert(role);
      const email = (this.config.adminEmail ?? 'admin@example.com').toLowerCase();
      const password = this.config.adminPassword ?? generatedPassword();
      const userId = randomUUID();
      await manager.getRepository(UserEntity).insert({
        user_id: userId,
        employee_code: 'ADMIN',
        employee_name: 'Administrator',
        email,
        username: 'admin',
        password_hash: await hashPassword(password),
        role_id: role.role_id,
        status: 'Active',
        location_list: ['*'],
        language: null,
      });
      const savedRole = await manager.getRepository(RoleEntity).findOneByOrFail({ role_id: role.role_id });
      const savedUser = await manager.getRepository(UserEntity).findOneByOrFail({ user_id: userId });
      await this.events.publish(manager, IdentitySubjects.RoleUpserted, roleSnapshot(savedRole));
      await this.events.publish(manager, IdentitySubjects.UserActivated, userSnapshot(savedUser));
      logger.info({ email }, 'first administrator created');
      if (!this.config.adminPassword) {
        process.stdout.write(
          [
            '',
            '  First administrator (shown once; change the password after signing in):',
            `    email:    ${email}   (or username: admin)`,
            `    password: ${password}`,
            '',
          ].join('\n') + '\n',
        );
      }
    });
  }
}

/** 16 characters with upper, lower, digit and symbol, so it meets the password rules. */
function generatedPassword(): string {
  return `${randomBytes(9).toString('base64url')}Aa1!`;
}
