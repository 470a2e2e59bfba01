import { Module } from '@nestjs/common';
import { ServicePlatformModule } from '@scm/platform';
import { AuthController } from './auth/auth.controller.js';
import { AuthService } from './auth/auth.service.js';
import { tokenSignerProvider } from './auth/token-signer.provider.js';
import { CreateUsersRolesSessions1763800000100 } from './migrations/1763800000100-CreateUsersRolesSessions.js';
import { RoleEntity } from './roles/role.entity.js';
import { AdminSeeder } from './seed/admin-seeder.js';
import { SessionEntity } from './sessions/session.entity.js';
import { SessionRepository } from './sessions/session.repository.js';
import { UserEntity } from './users/user.entity.js';
import { UserRepository } from './users/user.repository.js';

@Module({
  imports: [
    ServicePlatformModule.forService({
      name: 'identity',
      entities: [RoleEntity, UserEntity, SessionEntity],
      migrations: [CreateUsersRolesSessions1763800000100],
    }),
  ],
  controllers: [AuthController],
  providers: [AuthService, UserRepository, SessionRepository, AdminSeeder, tokenSignerProvider],
})
export class IdentityModule {}
