import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { DIRECTOR_ROLE_NAME, IdentityErrorCode, IdentitySubjects, requiresCostVisibility } from '@scm/contracts';
import type { ListQuery, RoleSnapshot, RoleView, ValidRoleInput } from '@scm/contracts';
import { EventPublisher, ListPage, currentContext, isUniqueViolation, stampChange } from '@scm/platform';
import type { EntityManager } from 'typeorm';
import { IdentityException } from '../identity.exception.js';
import { RoleEntity } from './role.entity.js';
import { RoleRepository } from './role.repository.js';
import type { RoleRow } from './role.repository.js';

/**
 * Roles (SPEC.md §3, §6): per-key view / edit / approval (approval implies edit implies view), can_see_cost,
 * approval_limit or No Limit. Approval on Stock Adjustment always comes with can_see_cost. The role named
 * director keeps its name and cannot be deleted; a role in use cannot be deleted. Permission changes apply to
 * its users at their next navigation, when /api/token re-reads the role.
 */
@Injectable()
export class RoleService {
  constructor(
    private readonly roles: RoleRepository,
    private readonly events: EventPublisher,
  ) {}

  async list(query: ListQuery): Promise<ListPage<RoleRow>> {
    const page = await this.roles.list(query);
    return new ListPage(page.data, page.recordsTotal);
  }

  async get(roleId: string): Promise<RoleView> {
    const role = await this.roles.findById(roleId);
    if (!role) throw new IdentityException(IdentityErrorCode.ROLE_NOT_FOUND);
    return this.roles.transaction(async (manager) => this.view(role, await this.roles.userCount(manager, roleId)));
  }

  async create(input: ValidRoleInput): Promise<RoleView> {
    const actor = currentContext()?.actor ?? null;
    const now = new Date();
    const role: RoleEntity = {
      role_id: randomUUID(),
      ...fields(input),
      revision: 1,
      created_by: actor,
      last_updated_by: actor,
      created_time: now,
      last_updated_time: now,
    };
    await this.write(async (manager) => {
      await this.roles.insert(manager, role);
      await this.events.publish(manager, IdentitySubjects.RoleUpserted, roleSnapshot(role));
    });
    return this.view(role, 0);
  }

  async update(roleId: string, input: ValidRoleInput): Promise<RoleView> {
    return this.write(async (manager) => {
      const role = await this.roles.findByIdForUpdate(manager, roleId);
      if (!role) throw new IdentityException(IdentityErrorCode.ROLE_NOT_FOUND);
      if (role.role_name === DIRECTOR_ROLE_NAME && input.role_name !== DIRECTOR_ROLE_NAME) {
        throw new IdentityException(IdentityErrorCode.ROLE_DIRECTOR_PROTECTED);
      }
      Object.assign(role, fields(input));
      stampChange(role);
      await this.roles.save(manager, role);
      await this.events.publish(manager, IdentitySubjects.RoleUpserted, roleSnapshot(role));
      return this.view(role, await this.roles.userCount(manager, roleId));
    });
  }

  async delete(roleId: string): Promise<void> {
    await this.roles.transaction(async (manager) => {
      const role = await this.roles.findByIdForUpdate(manager, roleId);
      if (!role) throw new IdentityException(IdentityErrorCode.ROLE_NOT_FOUND);
      if (role.role_name === DIRECTOR_ROLE_NAME) throw new IdentityException(IdentityErrorCode.ROLE_DIRECTOR_PROTECTED);
      if ((await this.roles.userCount(manager, roleId)) > 0) throw new IdentityException(IdentityErrorCode.ROLE_IN_USE);
      await this.roles.delete(manager, roleId);
      await this.events.publish(manager, IdentitySubjects.RoleDeleted, {
        role_id: roleId,
        revision: role.revision + 1,
      });
    });
  }

  private async write<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    try {
      return await this.roles.transaction(work);
    } catch (error) {
      if (isUniqueViolation(error)) {
        throw IdentityException.onField(IdentityErrorCode.ROLE_DUPLICATE, 'role_name');
      }
      throw error;
    }
  }

  private view(role: RoleEntity, userCount: number): RoleView {
    return {
      ...role,
      user_count: userCount,
      created_time: role.created_time.toISOString(),
      last_updated_time: role.last_updated_time.toISOString(),
    };
  }
}

function fields(input: ValidRoleInput) {
  return {
    role_name: input.role_name,
    permission_list: input.permission_list,
    // SPEC.md §6: approving stock adjustments needs to see costs.
    can_see_cost: input.can_see_cost || requiresCostVisibility(input.permission_list),
    approval_limit: input.approval_limit,
  };
}

/** The role as other services know it (the approver directory of every document service). */
export function roleSnapshot(role: RoleEntity): RoleSnapshot {
  return {
    role_id: role.role_id,
    role_name: role.role_name,
    permission_list: role.permission_list,
    can_see_cost: role.can_see_cost,
    approval_limit: role.approval_limit,
    revision: role.revision,
  };
}
