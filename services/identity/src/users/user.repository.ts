import { Inject, Injectable } from '@nestjs/common';
import type { ListQuery } from '@scm/contracts';
import { DATA_SOURCE, runListQuery } from '@scm/platform';
import type { ListResult, LocationScope } from '@scm/platform';
import type { DataSource, EntityManager } from 'typeorm';
import { RoleEntity } from '../roles/role.entity.js';
import { UserEntity } from './user.entity.js';
import { USER_LIST } from './user.list.js';

export interface UserRow {
  user_id: string;
  employee_code: string;
  employee_name: string;
  email: string;
  username: string;
  role_id: string;
  role_name: string;
  status: string;
  location_list: string[];
  last_sign_in_at: string | null;
  created_time: string;
  last_updated_time: string;
}

@Injectable()
export class UserRepository {
  constructor(@Inject(DATA_SOURCE) private readonly dataSource: DataSource) {}

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  list(query: ListQuery, scope: LocationScope): Promise<ListResult<UserRow>> {
    return runListQuery<UserRow>(this.dataSource.manager, USER_LIST, query, scope);
  }

  roleOptions(): Promise<{ role_id: string; role_name: string }[]> {
    return this.dataSource.query(`SELECT role_id, role_name FROM role ORDER BY lower(role_name)`);
  }

  /** By email or username, case-insensitively (both are stored lower-case). */
  findByLogin(login: string): Promise<UserEntity | null> {
    const value = login.trim().toLowerCase();
    return this.dataSource
      .getRepository(UserEntity)
      .createQueryBuilder('u')
      .where('u.email = :value OR u.username = :value', { value })
      .getOne();
  }

  findByEmail(email: string): Promise<UserEntity | null> {
    return this.dataSource.getRepository(UserEntity).findOneBy({ email: email.trim().toLowerCase() });
  }

  findById(userId: string, manager: EntityManager = this.dataSource.manager): Promise<UserEntity | null> {
    return manager.getRepository(UserEntity).findOneBy({ user_id: userId });
  }

  findByIdForUpdate(manager: EntityManager, userId: string): Promise<UserEntity | null> {
    return manager
      .getRepository(UserEntity)
      .createQueryBuilder('u')
      .setLock('pessimistic_write')
      .where('u.user_id = :userId', { userId })
      .getOne();
  }

  findRole(roleId: string, manager: EntityManager = this.dataSource.manager): Promise<RoleEntity | null> {
    return manager.getRepository(RoleEntity).findOneBy({ role_id: roleId });
  }

  async insert(manager: EntityManager, user: UserEntity): Promise<void> {
    await manager.getRepository(UserEntity).insert(user);
  }

  async save(manager: EntityManager, user: UserEntity): Promise<void> {
    await manager.getRepository(UserEntity).save(user);
  }

  async delete(manager: EntityManager, userId: string): Promise<void> {
    await manager.query(`DELETE FROM password_token WHERE user_id = $1`, [userId]);
    await manager.getRepository(UserEntity).delete({ user_id: userId });
  }

  async markSignedIn(userId: string, manager: EntityManager = this.dataSource.manager): Promise<void> {
    await manager.query(`UPDATE app_user SET last_sign_in_at = now() WHERE user_id = $1`, [userId]);
  }
}
