import { Inject, Injectable } from '@nestjs/common';
import type { ListQuery } from '@scm/contracts';
import { DATA_SOURCE, runListQuery } from '@scm/platform';
import type { ListResult } from '@scm/platform';
import type { DataSource, EntityManager } from 'typeorm';
import { RoleEntity } from './role.entity.js';
import { ROLE_LIST } from './role.list.js';

export interface RoleRow {
  role_id: string;
  role_name: string;
  can_see_cost: boolean;
  approval_limit: string | null;
  user_count: number;
  created_time: string;
  last_updated_time: string;
}

@Injectable()
export class RoleRepository {
  constructor(@Inject(DATA_SOURCE) private readonly dataSource: DataSource) {}

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  list(query: ListQuery): Promise<ListResult<RoleRow>> {
    return runListQuery<RoleRow>(this.dataSource.manager, ROLE_LIST, query);
  }

  findById(roleId: string): Promise<RoleEntity | null> {
    return this.dataSource.getRepository(RoleEntity).findOneBy({ role_id: roleId });
  }

  findByIdForUpdate(manager: EntityManager, roleId: string): Promise<RoleEntity | null> {
    return manager
      .getRepository(RoleEntity)
      .createQueryBuilder('r')
      .setLock('pessimistic_write')
      .where('r.role_id = :roleId', { roleId })
      .getOne();
  }

  async userCount(manager: EntityManager, roleId: string): Promise<number> {
    const [row] = await manager.query<{ n: number }[]>(`SELECT count(*)::int AS n FROM app_user WHERE role_id = $1`, [
      roleId,
    ]);
    return row?.n ?? 0;
  }

  async insert(manager: EntityManager, role: RoleEntity): Promise<void> {
    await manager.getRepository(RoleEntity).insert(role);
  }

  async save(manager: EntityManager, role: RoleEntity): Promise<void> {
    await manager.getRepository(RoleEntity).save(role);
  }

  async delete(manager: EntityManager, roleId: string): Promise<void> {
    await manager.getRepository(RoleEntity).delete({ role_id: roleId });
  }
}
