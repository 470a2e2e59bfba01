import { Global, Module } from '@nestjs/common';
import type { DynamicModule } from '@nestjs/common';
import { EVENT_TRANSPORT, FILE_STORAGE, JOB_QUEUE, PLATFORM_CONFIG, TOKEN_VERIFIER } from './tokens.js';
import type { Runtime } from './runtime.js';

export const RUNTIME = Symbol('RUNTIME');

/** Makes the process-wide adapters injectable everywhere. Imported once, by the process's root module. */
@Global()
@Module({})
export class RuntimeModule {
  static forRoot(runtime: Runtime): DynamicModule {
    return {
      module: RuntimeModule,
      providers: [
        { provide: RUNTIME, useValue: runtime },
        { provide: PLATFORM_CONFIG, useValue: runtime.config },
        { provide: EVENT_TRANSPORT, useValue: runtime.transport },
        { provide: JOB_QUEUE, useValue: runtime.jobs },
        { provide: FILE_STORAGE, useValue: runtime.storage },
        { provide: TOKEN_VERIFIER, useValue: runtime.verifier },
      ],
      exports: [RUNTIME, PLATFORM_CONFIG, EVENT_TRANSPORT, JOB_QUEUE, FILE_STORAGE, TOKEN_VERIFIER],
    };
  }
}
