// The Debian packages the tests need beyond Node and the npm dependencies, found the way .ci/run always
// found them, and the one apt step that brings them. Used by .ci/run and by `npm test` (scripts/test.mjs):
//   node scripts/system-packages.mjs     installs what is missing when it may (root with apt-get), else
//                                        prints the one command to run and exits 1.
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { pathToFileURL } from 'node:url';

const onPath = (cmd) => spawnSync('sh', ['-c', `command -v ${cmd}`], { stdio: 'ignore' }).status === 0;

export const SYSTEM_PACKAGES = [
  { name: 'chromium', why: "Playwright drives the consoles in Debian's Chromium", present: () => onPath('chromium') },
  { name: 'nginx', why: "the topology test runs the edge's template in nginx", present: () => existsSync('/usr/sbin/nginx') },
  {
    name: 'librdkafka-dev',
    why: "the Kafka test broker is built on librdkafka's mock cluster",
    present: () => existsSync('/usr/include/librdkafka/rdkafka_mock.h'),
  },
  { name: 'make', why: 'builds the Kafka test broker', present: () => onPath('make') },
  { name: 'gcc', why: 'compiles the Kafka test broker', present: () => onPath('cc') },
  { name: 'pkg-config', why: "finds librdkafka's flags", present: () => onPath('pkg-config') },
];

export function missingPackages() {
  return SYSTEM_PACKAGES.filter((p) => !p.present());
}

export function installCommand(names) {
  return `sudo apt-get update && sudo apt-get install -y --no-install-recommends ${names.join(' ')}`;
}

/**
 * Installs the missing packages when this process may (root, apt-get present); true when nothing is missing
 * afterwards. Otherwise says what is missing, why, and the command to run, and returns false.
 */
export function ensureSystemPackages() {
  const missing = missingPackages();
  if (missing.length === 0) return true;
  const names = missing.map((p) => p.name);
  if (process.getuid?.() === 0 && onPath('apt-get')) {
    console.log(`── installing Debian packages: ${names.join(' ')}`);
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    const update = spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    const install =
      update.status === 0 && spawnSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...names], { stdio: 'inherit', env });
    if (install && install.status === 0 && missingPackages().length === 0) return true;
  }
  console.error('The tests need Debian packages this machine lacks:');
  for (const p of missing) console.error(`  ${p.name.padEnd(15)} ${p.why}`);
  console.error(`Run this once, then npm test again:\n  ${installCommand(names)}`);
  return false;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) process.exit(ensureSystemPackages() ? 0 : 1);
