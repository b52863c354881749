// npm run bench [-- scenario]: runs the benchmarks against the built app on loopback; each writes a
// report under load-tests/reports/. Scenarios: billing-consume, billing-metering (BENCH_SCALE, default 1), garage-plate, catalog-lookup (BENCH_SCALE, default 100),
// marketplace-lookup (BENCH_SCALES, default 100,1), marketplace-checkout (BENCH_SCALE, default 1), web-vitals (the customer
// console in Chromium as a throttled phone).
import { run } from '../scripts/lib.mjs';

const all = [
  'billing-consume',
  'billing-metering',
  'garage-plate',
  'catalog-lookup',
  'marketplace-lookup',
  'marketplace-checkout',
  'web-vitals',
];
const chosen = process.argv.slice(2).filter((a) => !a.startsWith('-'));
const scenarios = chosen.length ? chosen : all;
for (const s of scenarios) {
  if (!all.includes(s)) {
    console.error(`Unknown scenario ${s}; known: ${all.join(', ')}`);
    process.exit(2);
  }
}
if ((await run(process.execPath, [process.env.npm_execpath, 'run', 'build'])) !== 0) process.exit(1);
for (const s of scenarios) {
  const code = await run(process.execPath, [`load-tests/${s}.mjs`]);
  if (code !== 0) process.exit(code);
}
