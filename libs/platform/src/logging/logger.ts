import pino from 'pino';
import type { Logger } from 'pino';
import { currentContext } from './request-context.js';

let root: Logger | undefined;

/** JSON log lines (pino) carrying the correlation id and actor of the current context, if any. */
export function rootLogger(): Logger {
  root ??= pino({
    level: process.env.LOG_LEVEL ?? (process.env.NODE_ENV === 'test' ? 'warn' : 'info'),
    base: { pid: process.pid },
    mixin() {
      const context = currentContext();
      return context ? { correlationId: context.correlationId, actor: context.actor } : {};
    },
  });
  return root;
}

export function createLogger(component: string): Logger {
  return rootLogger().child({ component });
}

export type { Logger };
