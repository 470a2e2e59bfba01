/**
 * Injection tokens. Process-wide ones come from RuntimeModule (global); per-service ones from
 * ServicePlatformModule.forService(), so two services hosted in one process each get their own.
 */
export const PLATFORM_CONFIG = Symbol('PLATFORM_CONFIG');
export const EVENT_TRANSPORT = Symbol('EVENT_TRANSPORT');
export const JOB_QUEUE = Symbol('JOB_QUEUE');
export const FILE_STORAGE = Symbol('FILE_STORAGE');
export const TOKEN_VERIFIER = Symbol('TOKEN_VERIFIER');

export const SERVICE_NAME = Symbol('SERVICE_NAME');
export const DATA_SOURCE = Symbol('DATA_SOURCE');
