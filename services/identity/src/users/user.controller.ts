import { Delete, Get, HttpCode, Post, Put } from '@nestjs/common';
import { listQuerySchema, userInputSchema } from '@scm/contracts';
import type { ListQuery, UserView, ValidUserInput } from '@scm/contracts';
import {
  CallerScope,
  IdParam,
  ListPage,
  Permission,
  ServiceController,
  SuccessMessage,
  ValidBody,
} from '@scm/platform';
import type { LocationScope } from '@scm/platform';
import type { UserRow } from './user.repository.js';
import { UserService } from './user.service.js';

/** Users (SPEC.md §2 /user/list, key USER). */
@ServiceController('identity/users', 'identity: users')
export class UserController {
  constructor(private readonly users: UserService) {}

  @Post('list')
  @HttpCode(200)
  @Permission('USER', 'view')
  list(@ValidBody(listQuerySchema) query: ListQuery, @CallerScope() scope: LocationScope): Promise<ListPage<UserRow>> {
    return this.users.list(query, scope);
  }

  /** The roles a user can be given, for the user form (which USER holders may open without USER_ROLE). */
  @Get('role-options')
  @Permission('USER', 'view')
  roleOptions(): Promise<{ role_id: string; role_name: string }[]> {
    return this.users.roleOptions();
  }

  @Get(':id')
  @Permission('USER', 'view')
  get(@IdParam() userId: string, @CallerScope() scope: LocationScope): Promise<UserView> {
    return this.users.get(userId, scope);
  }

  @Post()
  @Permission('USER', 'edit')
  @SuccessMessage('messages.invited')
  invite(@ValidBody(userInputSchema) input: ValidUserInput, @CallerScope() scope: LocationScope): Promise<UserView> {
    return this.users.invite(input, scope);
  }

  @Put(':id')
  @Permission('USER', 'edit')
  @SuccessMessage('messages.updated')
  update(
    @IdParam() userId: string,
    @ValidBody(userInputSchema) input: ValidUserInput,
    @CallerScope() scope: LocationScope,
  ): Promise<UserView> {
    return this.users.update(userId, input, scope);
  }

  @Post(':id/activate')
  @HttpCode(200)
  @Permission('USER', 'edit')
  @SuccessMessage('messages.activated')
  activate(@IdParam() userId: string, @CallerScope() scope: LocationScope): Promise<UserView> {
    return this.users.activate(userId, scope);
  }

  @Post(':id/deactivate')
  @HttpCode(200)
  @Permission('USER', 'edit')
  @SuccessMessage('messages.deactivated')
  deactivate(@IdParam() userId: string, @CallerScope() scope: LocationScope): Promise<UserView> {
    return this.users.deactivate(userId, scope);
  }

  @Post(':id/reset-password')
  @HttpCode(200)
  @Permission('USER', 'edit')
  @SuccessMessage('messages.reset_link_sent')
  async resetPassword(@IdParam() userId: string, @CallerScope() scope: LocationScope): Promise<null> {
    await this.users.sendPasswordReset(userId, scope);
    return null;
  }

  @Delete(':id')
  @Permission('USER', 'edit')
  @SuccessMessage('messages.deleted')
  async delete(@IdParam() userId: string, @CallerScope() scope: LocationScope): Promise<null> {
    await this.users.delete(userId, scope);
    return null;
  }
}
