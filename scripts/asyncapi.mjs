// Writes docs/asyncapi.yaml from the contracts' event registry. Run after `npm run build`:
//   node scripts/asyncapi.mjs
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { stringify } from 'yaml';
import { envelopeSchema, eventRegistry } from '../contracts/dist/index.js';
import { buildAsyncApi } from './asyncapi-build.mjs';

const root = new URL('../', import.meta.url);
const { version } = JSON.parse(readFileSync(new URL('package.json', root), 'utf8'));
const doc = buildAsyncApi(eventRegistry, envelopeSchema, { version });
const header = [
  '# Generated from contracts/src/events (the event registry); do not edit by hand.',
  '# Regenerate: npm run build && node scripts/asyncapi.mjs',
  '',
].join('\n');
mkdirSync(new URL('docs/', root), { recursive: true });
writeFileSync(new URL('docs/asyncapi.yaml', root), header + stringify(doc, { aliasDuplicateObjects: false, lineWidth: 0 }));
console.log(`docs/asyncapi.yaml: ${Object.keys(doc.channels).length} channels`);
