import { ConfigError, loadConfig } from './config.js';

describe(loadConfig.name, () => {
  it('defaults to the embedded mode: no database, NATS, Redis or S3 URL, port 8080, ./data', () => {
    const sut = loadConfig({});
    expect(sut).toMatchObject({
      port: 8080,
      databaseUrl: undefined,
      natsUrl: undefined,
      redisUrl: undefined,
      redisPrefix: 'scm',
      s3: undefined,
    });
    expect(sut.dataDir).toMatch(/data$/);
  });

  it.each([
    ['DATABASE_URL', 'mysql://x', 'must use postgres or postgresql://'],
    ['DATABASE_URL', 'not a url', 'is not a valid URL'],
    ['NATS_URL', 'http://127.0.0.1:4222', 'must use nats or tls://'],
    ['REDIS_URL', 'localhost:6379', 'must use redis or rediss://'],
    ['PORT', '80a', 'must be a whole number'],
    ['NODE_ENV', 'staging', 'must be development, production or test'],
    ['COOKIE_SECURE', 'maybe', 'must be true or false'],
    ['NATS_NAMESPACE', 'a b', 'may hold only letters'],
    ['REDIS_PREFIX', 'scm:test', 'may hold only letters'],
    ['TRUST_PROXY', 'the load balancer', 'must be true, false, a number of proxies'],
    ['EVENT_MAX_ATTEMPTS', '0', 'must be a whole number from 1'],
  ])('stops start-up naming %s when it is %p', (variable, value, problem) => {
    expect(() => loadConfig({ [variable]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [variable]: value })).toThrow(new RegExp(`${variable} ${problem}`));
  });

  it('needs the whole S3 configuration once S3_ENDPOINT is set', () => {
    expect(() => loadConfig({ S3_ENDPOINT: 'http://127.0.0.1:9000' })).toThrow(
      /S3_BUCKET is required when S3_ENDPOINT is set/,
    );
  });

  it('trusts no proxy unless TRUST_PROXY names them', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).trustProxy).toEqual(['10.0.0.0/8', '127.0.0.1']);
  });

  it('reads the service URLs the gateway forwards to', () => {
    const sut = loadConfig({ CATALOG_URL: 'http://catalog:3000/' });
    expect(sut.serviceUrls).toEqual({ catalog: 'http://catalog:3000' });
  });
});
