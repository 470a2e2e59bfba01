import { Inject, Injectable } from '@nestjs/common';
import { DATA_SOURCE } from '@scm/platform';
import type { DataSource } from 'typeorm';
import { RoleEntity } from '../roles/role.entity.js';
import { UserEntity } from './user.entity.js';

@Injectable()
export class UserRepository {
  constructor(@Inject(DATA_SOURCE) private readonly dataSource: DataSource) {}

  /** By email or username, case-insensitively (both are stored lower-case). */
  findByLogin(login: string): Promise<UserEntity | null> {
    const value = login.trim().toLowerCase();
    return this.dataSource
      .getRepository(UserEntity)
      .createQueryBuilder('u')
      .where('u.email = :value OR u.username = :value', { value })
      .getOne();
  }

  findById(userId: string): Promise<UserEntity | null> {
    return this.dataSource.getRepository(UserEntity).findOneBy({ user_id: userId });
  }

  findRole(roleId: string): Promise<RoleEntity | null> {
    return this.dataSource.getRepository(RoleEntity).findOneBy({ role_id: roleId });
  }
}
