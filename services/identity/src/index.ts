import type { ServiceDefinition } from '@scm/platform';
import { IdentityModule } from './identity.module.js';

export const identityService: ServiceDefinition = { name: 'identity', module: IdentityModule, signsTokens: true };
