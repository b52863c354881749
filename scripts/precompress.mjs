// Writes Brotli (.br) and gzip (.gz) copies of a built console's text assets, served by the app's static files
// (`preCompressed`) so a phone downloads about a third of the JavaScript. Usage: node scripts/precompress.mjs <dist>
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|webmanifest)$/;
const MIN_BYTES = 1024;
const dir = process.argv[2];
if (!dir) {
  console.error('usage: node scripts/precompress.mjs <dist folder>');
  process.exit(2);
}

let files = 0;
let before = 0;
let after = 0;
function walk(folder) {
  for (const name of readdirSync(folder)) {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) walk(path);
    else if (COMPRESSIBLE.test(name) && statSync(path).size >= MIN_BYTES) {
      const raw = readFileSync(path);
      const br = brotliCompressSync(raw, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length },
      });
      writeFileSync(`${path}.br`, br);
      writeFileSync(`${path}.gz`, gzipSync(raw, { level: 9 }));
      files++;
      before += raw.length;
      after += br.length;
    }
  }
}
walk(dir);
console.log(`precompressed ${files} files in ${dir}: ${Math.round(before / 1024)} KB → ${Math.round(after / 1024)} KB (brotli)`);
