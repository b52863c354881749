// Runs jest the way this repository needs it (ESM: --experimental-vm-modules), for one tier or both:
//   node scripts/jest.mjs unit|integration|all [jest arguments and paths...]
// The tier goes last: `--selectProjects` takes every word after it, so paths given after it would be read
// as project names and silently dropped.
import { run } from './lib.mjs';

const TIERS = { unit: ['unit'], integration: ['integration'], all: [] };
const [tier = 'all', ...args] = process.argv.slice(2);
if (!(tier in TIERS)) {
  console.error(`usage: node scripts/jest.mjs ${Object.keys(TIERS).join('|')} [jest arguments...]`);
  process.exit(2);
}
const projects = TIERS[tier];
const code = await run(process.execPath, [
  '--experimental-vm-modules',
  '--no-warnings=ExperimentalWarning',
  'node_modules/jest/bin/jest.js',
  ...args,
  ...(projects.length > 0 ? ['--selectProjects', ...projects] : []),
]);
process.exit(code);
