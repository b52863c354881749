// npm test: the Debian packages the tests need (installed when it may, else the one command to run),
// then build, type-check, lint, then both jest projects in one run (unit, and integration against the real
// PostgreSQL, Redis and the Kafka test broker), then the browser suites when there are consoles.
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { npmBin, reachable, run } from './lib.mjs';
import { ensureSystemPackages } from './system-packages.mjs';

const started = Date.now();
const steps = [];
const [npm, ...npmArgs] = npmBin;

async function step(name, cmd, args, env = {}) {
  const t0 = Date.now();
  console.log(`\n── ${name}`);
  const code = await run(cmd, args, { env: { ...process.env, ...env } });
  steps.push({ name, code, seconds: Math.round((Date.now() - t0) / 1000) });
  return code;
}

for (const [what, host, port] of [
  ['PostgreSQL', '127.0.0.1', 5432],
  ['Redis', '127.0.0.1', 6379],
]) {
  if (!(await reachable(host, port))) {
    console.error(`The tests need ${what} on ${host}:${port}; start it and run npm test again.`);
    process.exit(1);
  }
}

// Before building: a machine without the Kafka test broker's libraries, nginx or Chromium fails late otherwise.
if (!ensureSystemPackages()) process.exit(1);

mkdirSync('artifacts', { recursive: true });
// Counts of an earlier run must not be read as this run's.
rmSync('artifacts/playwright/results.json', { force: true });
const failed = () => steps.some((s) => s.code !== 0);

await step('build', npm, [...npmArgs, 'run', 'build']);
if (!failed()) await step('typecheck', npm, [...npmArgs, 'run', 'typecheck']);
if (!failed()) await step('lint', npm, [...npmArgs, 'run', 'lint']);
if (!failed()) {
  await step(
    'jest',
    process.execPath,
    [
      '--experimental-vm-modules',
      '--no-warnings=ExperimentalWarning',
      'node_modules/jest/bin/jest.js',
      '--json',
      '--outputFile=artifacts/jest-results.json',
      ...process.argv.slice(2),
    ],
    { TEST_LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent' },
  );
}
if (!failed() && existsSync('playwright.config.ts')) {
  await step('playwright', process.execPath, ['node_modules/@playwright/test/cli.js', 'test']);
}

let passed = 0;
let failedTests = 0;
let skipped = 0;
if (existsSync('artifacts/jest-results.json')) {
  const r = JSON.parse(readFileSync('artifacts/jest-results.json', 'utf8'));
  passed += r.numPassedTests;
  failedTests += r.numFailedTests;
  skipped += r.numPendingTests + (r.numTodoTests ?? 0);
}
// Playwright's own counts (json reporter): expected = passed, unexpected = failed, flaky passed on retry.
if (existsSync('artifacts/playwright/results.json')) {
  const stats = JSON.parse(readFileSync('artifacts/playwright/results.json', 'utf8')).stats ?? {};
  passed += (stats.expected ?? 0) + (stats.flaky ?? 0);
  failedTests += stats.unexpected ?? 0;
  skipped += stats.skipped ?? 0;
}
console.log('\n── summary');
for (const s of steps) console.log(`${s.code === 0 ? 'ok  ' : 'FAIL'} ${s.name} (${s.seconds} s)`);
console.log(`total ${Math.round((Date.now() - started) / 1000)} s`);
console.log(`tests: ${passed} passed, ${failedTests + (failed() && failedTests === 0 ? 1 : 0)} failed, ${skipped} skipped`);
process.exit(failed() ? 1 : 0);
