// One jest configuration for every tier. ESM mode (NestJS 12 is ESM-only) with @swc/jest, which keeps
// decorator metadata that Nest's dependency injection needs. Tests import the libs from source.
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true },
      target: 'es2022',
    },
    module: { type: 'es6' },
  },
];

const common = {
  extensionsToTreatAsEsm: ['.ts'],
  transform: { '^.+\\.ts$': swc },
  moduleNameMapper: {
    '^@scm/(contracts|i18n|platform|testing)$': '<rootDir>/libs/$1/src/index.ts',
    '^@scm/(identity|catalog|inventory|procurement|notifications|gateway)$': '<rootDir>/services/$1/src/index.ts',
    '^(\\.{1,2}/.*)\\.js$': '$1',
  },
  testEnvironment: 'node',
  rootDir: import.meta.dirname,
};

// The distributed suites start every service as its own process against real NATS and Redis; they run only
// when both are configured (npm test says which suites ran).
const distributed = Boolean(process.env.NATS_URL && process.env.REDIS_URL);

export default {
  globalSetup: '<rootDir>/libs/testing/jest/global-setup.ts',
  globalTeardown: '<rootDir>/libs/testing/jest/global-teardown.ts',
  rootDir: import.meta.dirname,
  // Each e2e suite starts the whole product in its beforeAll; on a busy 2-core machine (the browser tier runs
  // alongside) that can take longer than jest's 5 s default (a timeout, not an assertion: no test measures speed).
  // Global: jest 30 ignores `testTimeout` inside a project of a multi-project config.
  testTimeout: 60_000,
  // One suite at a time unless told otherwise (`npm test` passes --maxWorkers=2 on two cores: every suite has its own
  // database, data directory, NATS namespace and BullMQ prefix, so any two can run together). Each worker is
  // replaced once it holds more than the limit below: every suite loads the product's modules afresh into a new vm
  // context (ESM mode), and one process running all ~150 suites grows past node's heap limit and dies.
  maxWorkers: 1,
  workerIdleMemoryLimit: '1200MB',
  projects: [
    {
      ...common,
      displayName: 'unit',
      testMatch: [
        '<rootDir>/libs/*/src/**/*.spec.ts',
        '<rootDir>/services/*/src/**/*.spec.ts',
        '<rootDir>/tests/unit/**/*.spec.ts',
      ],
    },
    {
      ...common,
      displayName: 'integration',
      testMatch: ['<rootDir>/libs/*/test/**/*.spec.ts', '<rootDir>/services/*/test/**/*.spec.ts'],
    },
    {
      ...common,
      displayName: 'e2e',
      testMatch: ['<rootDir>/tests/e2e/**/*.e2e-spec.ts'],
    },
    ...(distributed
      ? [
          {
            ...common,
            displayName: 'e2e-distributed',
            testMatch: ['<rootDir>/tests/e2e-distributed/**/*.distributed-spec.ts'],
          },
        ]
      : []),
  ],
};
