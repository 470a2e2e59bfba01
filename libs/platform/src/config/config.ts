import path from 'node:path';
import type { ServiceName } from '@scm/contracts';

/**
 * Configuration from the environment, validated once at start-up. A wrong value stops start-up with one
 * message naming the variable; a configured URL is never silently replaced by an embedded default.
 */
export interface S3Config {
  endpoint: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
}

export interface PlatformConfig {
  nodeEnv: 'development' | 'production' | 'test';
  /** Shown as a watermark outside production (e.g. DEV). Empty in production. */
  environmentName: string;
  port: number;
  host: string;
  /** Everything the embedded mode keeps (database, files, keys, mailbox) lives under it. */
  dataDir: string;
  /** Unset means embedded PostgreSQL under `${dataDir}/pg`. */
  databaseUrl: string | undefined;
  /** Unset means in-process event delivery. */
  natsUrl: string | undefined;
  /** Prefix isolating environments (or test runs) that share one NATS server; empty by default. */
  natsNamespace: string;
  /** BullMQ's Redis key prefix: environments sharing one Redis each keep their own queues. */
  redisPrefix: string;
  /** Unset means the in-process job runner. */
  redisUrl: string | undefined;
  /** Unset means files under `${dataDir}/files`. */
  s3: S3Config | undefined;
  logLevel: string;
  /** Ed25519 keys (PEM) for access tokens; unset in embedded mode means generated under `${dataDir}/keys`. */
  authPublicKey: string | undefined;
  authPrivateKey: string | undefined;
  cookieSecure: boolean;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  /** Where the gateway forwards each service's calls in distributed mode (`IDENTITY_URL`, ...). */
  serviceUrls: Record<string, string>;
  /** SMTP server for e-mail; unset means the local mailbox under `${dataDir}/mailbox`. */
  smtpUrl: string | undefined;
  mailFrom: string;
  /** The address users open the product at, for links in e-mails (invitation, password reset). */
  publicUrl: string;
  /** Where the gateway finds the web build; unset means `<repo>/web/dist`. */
  webDist: string | undefined;
  /** Event guarantees and retention (docs/architecture.md, "Events"). */
  events: EventSettings;
  /**
   * Which proxies in front of the public entry (the gateway, or the embedded process) may name the client's
   * address in X-Forwarded-For (TRUST_PROXY): none by default, so that a client cannot pick the address the
   * sign-in throttle counts by; `true`, a number of hops, or addresses / CIDR ranges when behind a load balancer.
   */
  trustProxy: boolean | number | string[];
}

export interface EventSettings {
  /** Failed attempts after which a consumer parks an event as a dead letter (EVENT_MAX_ATTEMPTS). */
  maxAttempts: number;
  /** Delivered outbox rows, inbox keys and idempotency keys are kept this long (EVENT_RETENTION_DAYS). */
  retentionDays: number;
  /** JetStream streams drop messages older than this (EVENT_STREAM_MAX_AGE_DAYS). */
  streamMaxAgeDays: number;
  /** JetStream streams drop their oldest messages past this size (EVENT_STREAM_MAX_BYTES). */
  streamMaxBytes: number;
}

export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    problem: string,
  ) {
    super(`Configuration error: ${variable} ${problem}`);
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;

function optional(env: Env, name: string): string | undefined {
  const value = env[name]?.trim();
  return value ? value : undefined;
}

function url(env: Env, name: string, protocols: readonly string[]): string | undefined {
  const value = optional(env, name);
  if (value === undefined) return undefined;
  let parsed: URL;
  try {
    parsed = new URL(value);
  } catch {
    throw new ConfigError(name, `is not a valid URL: "${value}"`);
  }
  if (!protocols.includes(parsed.protocol.replace(/:$/, ''))) {
    throw new ConfigError(name, `must use ${protocols.join(' or ')}://, got "${parsed.protocol}//"`);
  }
  return value;
}

function integer(env: Env, name: string, fallback: number, min: number, max: number): number {
  const value = optional(env, name);
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min || n > max) {
    throw new ConfigError(name, `must be a whole number from ${min} to ${max}, got "${value}"`);
  }
  return n;
}

function boolean(env: Env, name: string, fallback: boolean): boolean {
  const value = optional(env, name)?.toLowerCase();
  if (value === undefined) return fallback;
  if (['1', 'true', 'yes'].includes(value)) return true;
  if (['0', 'false', 'no'].includes(value)) return false;
  throw new ConfigError(name, `must be true or false, got "${value}"`);
}

function trustProxy(env: Env, name: string): boolean | number | string[] {
  const value = optional(env, name);
  if (value === undefined || ['false', '0', 'no'].includes(value.toLowerCase())) return false;
  if (['true', 'yes'].includes(value.toLowerCase())) return true;
  if (/^\d+$/.test(value)) return Number(value);
  const entries = value.split(',').map((entry) => entry.trim());
  if (entries.some((entry) => !/^[0-9a-f:.]+(\/\d{1,3})?$/i.test(entry))) {
    throw new ConfigError(name, `must be true, false, a number of proxies or addresses / CIDR ranges, got "${value}"`);
  }
  return entries;
}

function namespace(env: Env, name: string): string {
  const value = optional(env, name) ?? '';
  if (value && !/^[a-z0-9_-]{1,32}$/i.test(value)) {
    throw new ConfigError(name, `may hold only letters, digits, - and _ (at most 32), got "${value}"`);
  }
  return value;
}

function s3(env: Env): S3Config | undefined {
  const endpoint = url(env, 'S3_ENDPOINT', ['http', 'https']);
  if (endpoint === undefined) return undefined;
  const required = (name: string): string => {
    const value = optional(env, name);
    if (value === undefined) throw new ConfigError(name, 'is required when S3_ENDPOINT is set');
    return value;
  };
  return {
    endpoint,
    region: optional(env, 'S3_REGION') ?? 'us-east-1',
    bucket: required('S3_BUCKET'),
    accessKeyId: required('S3_ACCESS_KEY_ID'),
    secretAccessKey: required('S3_SECRET_ACCESS_KEY'),
    forcePathStyle: boolean(env, 'S3_FORCE_PATH_STYLE', true),
  };
}

/** The services the gateway can forward to (SERVICE_NAMES, every one), and the variable naming each one's base URL. */
export const SERVICE_URL_VARIABLES = {
  identity: 'IDENTITY_URL',
  catalog: 'CATALOG_URL',
  inventory: 'INVENTORY_URL',
  procurement: 'PROCUREMENT_URL',
  notifications: 'NOTIFICATIONS_URL',
} as const satisfies Record<ServiceName, `${Uppercase<ServiceName>}_URL`>;

export function loadConfig(env: Env = process.env): PlatformConfig {
  const nodeEnvRaw = optional(env, 'NODE_ENV') ?? 'development';
  if (!['development', 'production', 'test'].includes(nodeEnvRaw)) {
    throw new ConfigError('NODE_ENV', `must be development, production or test, got "${nodeEnvRaw}"`);
  }
  const nodeEnv = nodeEnvRaw as PlatformConfig['nodeEnv'];
  const serviceUrls: Record<string, string> = {};
  for (const [service, variable] of Object.entries(SERVICE_URL_VARIABLES)) {
    const value = url(env, variable, ['http', 'https']);
    if (value !== undefined) serviceUrls[service] = value.replace(/\/$/, '');
  }
  const logLevel = optional(env, 'LOG_LEVEL') ?? (nodeEnv === 'test' ? 'warn' : 'info');
  if (!['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'].includes(logLevel)) {
    throw new ConfigError(
      'LOG_LEVEL',
      `must be one of fatal, error, warn, info, debug, trace, silent, got "${logLevel}"`,
    );
  }
  return {
    nodeEnv,
    environmentName: optional(env, 'ENVIRONMENT_NAME') ?? (nodeEnv === 'production' ? '' : 'DEV'),
    port: integer(env, 'PORT', 8080, 0, 65535),
    host: optional(env, 'HOST') ?? '127.0.0.1',
    dataDir: path.resolve(optional(env, 'DATA_DIR') ?? 'data'),
    databaseUrl: url(env, 'DATABASE_URL', ['postgres', 'postgresql']),
    natsUrl: url(env, 'NATS_URL', ['nats', 'tls']),
    natsNamespace: namespace(env, 'NATS_NAMESPACE'),
    redisUrl: url(env, 'REDIS_URL', ['redis', 'rediss']),
    redisPrefix: namespace(env, 'REDIS_PREFIX') || 'scm',
    s3: s3(env),
    logLevel,
    authPublicKey: optional(env, 'AUTH_PUBLIC_KEY')?.replace(/\\n/g, '\n'),
    authPrivateKey: optional(env, 'AUTH_PRIVATE_KEY')?.replace(/\\n/g, '\n'),
    cookieSecure: boolean(env, 'COOKIE_SECURE', nodeEnv === 'production'),
    adminEmail: optional(env, 'ADMIN_EMAIL'),
    adminPassword: optional(env, 'ADMIN_PASSWORD'),
    serviceUrls,
    webDist: optional(env, 'WEB_DIST'),
    smtpUrl: url(env, 'SMTP_URL', ['smtp', 'smtps']),
    mailFrom: optional(env, 'MAIL_FROM') ?? 'SCM <no-reply@scm.local>',
    publicUrl: (
      url(env, 'PUBLIC_URL', ['http', 'https']) ?? `http://127.0.0.1:${integer(env, 'PORT', 8080, 0, 65535)}`
    ).replace(/\/$/, ''),
    trustProxy: trustProxy(env, 'TRUST_PROXY'),
    events: {
      maxAttempts: integer(env, 'EVENT_MAX_ATTEMPTS', 5, 1, 100),
      retentionDays: integer(env, 'EVENT_RETENTION_DAYS', 7, 1, 3650),
      streamMaxAgeDays: integer(env, 'EVENT_STREAM_MAX_AGE_DAYS', 30, 1, 3650),
      // JetStream reserves each stream's max_bytes against the server's file store (nats.conf: 10GB), so the
      // default leaves room for every service's stream: events are small, 256 MiB holds months of them.
      streamMaxBytes: integer(env, 'EVENT_STREAM_MAX_BYTES', 256 * 1024 ** 2, 1024 ** 2, Number.MAX_SAFE_INTEGER),
    },
  };
}
