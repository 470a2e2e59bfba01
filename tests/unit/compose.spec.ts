import { readdirSync, readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

/**
 * docker-compose.yml must keep up with services/: every service folder runs as a compose service of the
 * same name, built from infra/Dockerfile for that service, with every variable its package.json declares
 * under `scm.requiredEnv`; and the infrastructure the distributed mode needs is there.
 */
const root = fileURLToPath(new URL('../..', import.meta.url));

interface ComposeService {
  image?: string;
  build?: { dockerfile?: string; args?: Record<string, string> | string[] };
  command?: string | string[];
  environment?: Record<string, unknown> | string[];
  depends_on?: Record<string, { condition?: string }> | string[];
}

interface ServicePackage {
  name: string;
  scm?: { requiredEnv?: string[] };
}

// `merge: true` resolves the `<<: *anchor` keys compose files use.
const compose = parse(readFileSync(path.join(root, 'docker-compose.yml'), 'utf8'), { merge: true }) as {
  services: Record<string, ComposeService>;
};

const serviceFolders = readdirSync(path.join(root, 'services'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && existsSync(path.join(root, 'services', entry.name, 'package.json')))
  .map((entry) => entry.name)
  .sort();

function packageOf(service: string): ServicePackage {
  return JSON.parse(readFileSync(path.join(root, 'services', service, 'package.json'), 'utf8')) as ServicePackage;
}

/** Compose accepts `environment` as a map or as a list of `NAME=value` / `NAME`. */
function environmentNames(service: ComposeService): string[] {
  const env = service.environment ?? {};
  return Array.isArray(env) ? env.map((entry) => entry.split('=')[0]) : Object.keys(env);
}

function buildArgs(service: ComposeService): Record<string, string> {
  const args = service.build?.args ?? {};
  if (!Array.isArray(args)) return args;
  return Object.fromEntries(args.map((entry) => [entry.split('=')[0], entry.slice(entry.indexOf('=') + 1)]));
}

function commandWords(service: ComposeService): string[] {
  const command = service.command ?? [];
  return Array.isArray(command) ? command : command.split(/\s+/);
}

describe('docker-compose.yml', () => {
  it('runs every folder under services/ as a compose service of the same name', () => {
    expect(serviceFolders).toEqual(expect.arrayContaining(['gateway', 'identity', 'catalog', 'inventory', 'procurement', 'notifications']));
    const missing = serviceFolders.filter((name) => compose.services[name] === undefined);
    expect(missing).toEqual([]);
  });

  describe.each(serviceFolders)('service %s', (name) => {
    it('declares the variables it requires in its package.json (scm.requiredEnv)', () => {
      expect(packageOf(name).scm?.requiredEnv).toEqual(expect.any(Array));
    });

    it('gets every variable of scm.requiredEnv from compose', () => {
      const required = packageOf(name).scm?.requiredEnv ?? [];
      const given = compose.services[name] ? environmentNames(compose.services[name]) : [];
      expect(required.filter((variable) => !given.includes(variable))).toEqual([]);
    });

    it('is built from infra/Dockerfile with SERVICE set to its own folder', () => {
      const service = compose.services[name];
      expect(service?.build?.dockerfile).toBe('infra/Dockerfile');
      expect(service ? buildArgs(service).SERVICE : undefined).toBe(name);
    });

    it('starts only after what it depends on is healthy (or, for one-shots, completed)', () => {
      const dependsOn = compose.services[name]?.depends_on ?? {};
      expect(Array.isArray(dependsOn)).toBe(false);
      const unconditioned = Object.entries(dependsOn as Record<string, { condition?: string }>)
        .filter(([, dep]) => !['service_healthy', 'service_completed_successfully'].includes(dep.condition ?? ''))
        .map(([dependency]) => dependency);
      expect(unconditioned).toEqual([]);
    });
  });

  it('runs PostgreSQL 16 or newer, NATS with JetStream, Redis and MinIO', () => {
    const { postgres, nats, redis, minio } = compose.services;
    expect(postgres?.image).toMatch(/^postgres:(1[6-9]|[2-9]\d)\b/);
    expect(nats?.image).toMatch(/^nats:/);
    expect(commandWords(nats ?? {})).toContain('-js');
    expect(redis?.image).toMatch(/^redis:/);
    expect(minio?.image).toMatch(/minio\/minio/);
  });
});
