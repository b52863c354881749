// Two jest projects over every workspace (../shared/STYLE.md: "unit and medium test tiers"):
//   unit         `*.spec.ts` beside the code and in test/: pure logic, no PostgreSQL, Redis or Kafka — seconds.
//   integration  `*.int-spec.ts`: real PostgreSQL, Redis and the Kafka test broker, each file on a fresh database.
// `npm run test:unit` runs the first, `npm run test:integration` the second, `npm run test:jest` both (any paths);
// `npm test` runs both, then Playwright. infra/test/structure.spec.ts keeps unit specs away from the services.
// ESM throughout (NestJS 12 and MikroORM 7 ship ESM only), TypeScript through SWC with decorator metadata.
import { readFileSync } from 'node:fs';

const swc = JSON.parse(readFileSync(new URL('./.swcrc', import.meta.url), 'utf8'));
delete swc.exclude;

const rootDir = import.meta.dirname;

/** What both projects share: ESM TypeScript, the workspaces' entry points, UTC. */
const shared = {
  rootDir,
  testEnvironment: 'node',
  extensionsToTreatAsEsm: ['.ts'],
  transform: { '^.+\\.ts$': ['@swc/jest', { ...swc, swcrc: false }] },
  moduleNameMapper: {
    '^@tuerca/contracts$': '<rootDir>/contracts/src/index.ts',
    '^@tuerca/platform$': '<rootDir>/services/platform/src/index.ts',
    '^@tuerca/platform/testing$': '<rootDir>/services/platform/src/testing/index.ts',
    '^@tuerca/demo-data$': '<rootDir>/infra/demo-data/src/index.ts',
    '^@tuerca/(identity|app|catalog|billing|marketplace|garage|agenda|notifications|analytics|integrations)$':
      '<rootDir>/services/$1/src/index.ts',
    '^(\\.{1,2}/.*)\\.js$': '$1',
  },
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
  setupFiles: ['<rootDir>/jest.setup.js'],
};

/** @type {import('jest').Config} */
export default {
  maxWorkers: 2,
  // Jest reads the timeout from the top level only (a project's own is ignored).
  testTimeout: 60000,
  projects: [
    {
      ...shared,
      displayName: 'unit',
      testMatch: [
        '<rootDir>/{contracts,services/*,infra/*}/{src,test}/**/*.spec.ts',
        '<rootDir>/infra/test/**/*.spec.ts',
        // the consoles' pure logic (no DOM): proof of work, formats
        '<rootDir>/consoles/*/src/**/*.spec.ts',
      ],
    },
    {
      ...shared,
      displayName: 'integration',
      testMatch: ['<rootDir>/{contracts,services/*,infra/*}/{src,test}/**/*.int-spec.ts', '<rootDir>/infra/test/**/*.int-spec.ts'],
    },
  ],
};
