import { Module } from '@nestjs/common';
import { ServicePlatformModule } from '@scm/platform';
import { AuthController } from './auth/auth.controller.js';
import { AuthService } from './auth/auth.service.js';
import { tokenSignerProvider } from './auth/token-signer.provider.js';
import { DraftKeyController } from './drafts/draft-key.controller.js';
import { CreateUsersRolesSessions1763800000100 } from './migrations/1763800000100-CreateUsersRolesSessions.js';
import { AddAccountLifecycle1763800000400 } from './migrations/1763800000400-AddAccountLifecycle.js';
import { AccountMailer } from './passwords/account-mail.js';
import { PasswordTokenRepository } from './passwords/password-token.repository.js';
import { PasswordController } from './passwords/password.controller.js';
import { PasswordService } from './passwords/password.service.js';
import { RoleController } from './roles/role.controller.js';
import { RoleEntity } from './roles/role.entity.js';
import { RoleRepository } from './roles/role.repository.js';
import { RoleService } from './roles/role.service.js';
import { AdminSeeder } from './seed/admin-seeder.js';
import { SessionCheckController } from './sessions/session-check.controller.js';
import { SessionCheckService } from './sessions/session-check.service.js';
import { AccessDenialReporter } from './auth/access-denial-reporter.js';
import { SessionEntity } from './sessions/session.entity.js';
import { SessionRepository } from './sessions/session.repository.js';
import { SignInThrottle } from './throttle/sign-in-throttle.js';
import { UserController } from './users/user.controller.js';
import { UserEntity } from './users/user.entity.js';
import { UserRepository } from './users/user.repository.js';
import { UserService } from './users/user.service.js';

@Module({
  imports: [
    ServicePlatformModule.forService({
      name: 'identity',
      entities: [RoleEntity, UserEntity, SessionEntity],
      migrations: [CreateUsersRolesSessions1763800000100, AddAccountLifecycle1763800000400],
    }),
  ],
  controllers: [
    AuthController,
    UserController,
    RoleController,
    PasswordController,
    DraftKeyController,
    SessionCheckController,
  ],
  providers: [
    AuthService,
    UserService,
    RoleService,
    PasswordService,
    UserRepository,
    RoleRepository,
    SessionRepository,
    SessionCheckService,
    AccessDenialReporter,
    PasswordTokenRepository,
    SignInThrottle,
    AccountMailer,
    AdminSeeder,
    tokenSignerProvider,
  ],
})
export class IdentityModule {}
