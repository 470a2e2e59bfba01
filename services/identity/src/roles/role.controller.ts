import { Delete, Get, HttpCode, Post, Put } from '@nestjs/common';
import { listQuerySchema, roleInputSchema } from '@scm/contracts';
import type { ListQuery, RoleView, ValidRoleInput } from '@scm/contracts';
import { IdParam, ListPage, Permission, ServiceController, SuccessMessage, ValidBody } from '@scm/platform';
import type { RoleRow } from './role.repository.js';
import { RoleService } from './role.service.js';

/** Roles (SPEC.md §2 /user/role, key USER_ROLE). */
@ServiceController('identity/roles', 'identity: roles')
export class RoleController {
  constructor(private readonly roles: RoleService) {}

  @Post('list')
  @HttpCode(200)
  @Permission('USER_ROLE', 'view')
  list(@ValidBody(listQuerySchema) query: ListQuery): Promise<ListPage<RoleRow>> {
    return this.roles.list(query);
  }

  @Get(':id')
  @Permission('USER_ROLE', 'view')
  get(@IdParam() roleId: string): Promise<RoleView> {
    return this.roles.get(roleId);
  }

  @Post()
  @Permission('USER_ROLE', 'edit')
  @SuccessMessage('messages.created')
  create(@ValidBody(roleInputSchema) input: ValidRoleInput): Promise<RoleView> {
    return this.roles.create(input);
  }

  @Put(':id')
  @Permission('USER_ROLE', 'edit')
  @SuccessMessage('messages.updated')
  update(@IdParam() roleId: string, @ValidBody(roleInputSchema) input: ValidRoleInput): Promise<RoleView> {
    return this.roles.update(roleId, input);
  }

  @Delete(':id')
  @Permission('USER_ROLE', 'edit')
  @SuccessMessage('messages.deleted')
  async delete(@IdParam() roleId: string): Promise<null> {
    await this.roles.delete(roleId);
    return null;
  }
}
