// One jest run over every workspace: unit specs beside the code, integration specs per context.
// ESM throughout (NestJS 12 and MikroORM 7 ship ESM only), TypeScript through SWC with decorator metadata.
import { readFileSync } from 'node:fs';

const swc = JSON.parse(readFileSync(new URL('./.swcrc', import.meta.url), 'utf8'));
delete swc.exclude;

/** @type {import('jest').Config} */
export default {
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
  testMatch: [
    '<rootDir>/{contracts,services/*,infra/*}/{src,test}/**/*.{spec,int-spec}.ts',
    '<rootDir>/infra/test/**/*.{spec,int-spec}.ts',
    // the consoles' pure logic (no DOM): proof of work, formats
    '<rootDir>/consoles/*/src/**/*.spec.ts',
  ],
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
  setupFiles: ['<rootDir>/jest.setup.js'],
  testTimeout: 60000,
  maxWorkers: 2,
};
