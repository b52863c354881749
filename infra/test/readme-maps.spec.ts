import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from '@jest/globals';
import * as contracts from '@tuerca/contracts';
import { eventRegistry, type EventDefinition } from '@tuerca/contracts';

/**
 * Issue 23: "Each context's README opens with its map: capability folders, commands, queries, events in and
 * out, tables". The map is checked against the code, so it cannot rot again: every capability folder
 * (`name/`), every command and query class, every table of an entity, every event the context publishes
 * (its definitions in `contracts`) and every event its consumer groups subscribe to is named in the README.
 */

const ROOT = join(import.meta.dirname, '..', '..');
const SERVICES = join(ROOT, 'services');
/** Not contexts: the kernel and the composition root. */
const NOT_CONTEXTS = new Set(['platform', 'app']);

function sources(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) sources(path, out);
    else if (name.endsWith('.ts') && !/\.(spec|int-spec)\.ts$/.test(name)) out.push(path);
  }
  return out;
}

/** Every event definition `contracts` exports, by its exported name (`PlateLookedUpV2` → PlateLookedUp v2). */
const definitions = new Map<string, EventDefinition>();
for (const [id, value] of Object.entries(contracts as Record<string, unknown>)) {
  const v = value as Partial<EventDefinition> | null;
  if (typeof v === 'object' && v !== null && typeof v.topic === 'string' && typeof v.name === 'string')
    definitions.set(id, v as EventDefinition);
}

interface ContextMap {
  folders: string[];
  commands: string[];
  queries: string[];
  tables: string[];
  eventsIn: string[];
  eventsOut: string[];
}

/** What the code of a context holds, named as its README names it. */
export function mapOfCode(context: string): ContextMap {
  const src = join(SERVICES, context, 'src');
  const map: ContextMap = { folders: [], commands: [], queries: [], tables: [], eventsIn: [], eventsOut: [] };
  map.folders = readdirSync(src)
    .filter((f) => statSync(join(src, f)).isDirectory() && f !== 'migrations')
    .map((f) => `${f}/`);
  for (const file of sources(src)) {
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(/\bclass (\w+) extends (Command|Query)\b/g))
      (m[2] === 'Command' ? map.commands : map.queries).push(m[1]!);
    for (const m of text.matchAll(/\btableName: '(\w+)'/g)) map.tables.push(m[1]!);
    // A consumer group's events: `addSubscription({ …, events: [A, B], … })`, or an event-fed copy's
    // `defineEventCopy<DB>()({ …, saved: A, removed: B, … })`; definitions from contracts.
    const subscribed = [
      ...[...text.matchAll(/addSubscription\(\{[\s\S]*?\bevents:\s*\[([^\]]*)\]/g)].map((m) => m[1]!),
      ...[...text.matchAll(/defineEventCopy<\w+>\(\)\(\{[\s\S]*?\bsaved:\s*(\w+)[\s\S]*?\bremoved:\s*(\w+)/g)].map(
        (m) => `${m[1]} ${m[2]}`,
      ),
    ];
    for (const list of subscribed)
      for (const id of list.match(/\b[A-Z]\w*/g) ?? []) {
        const def = definitions.get(id);
        if (def) map.eventsIn.push(def.name);
      }
  }
  map.eventsOut = Object.values(eventRegistry)
    .filter((d) => d.context === context)
    .map((d) => d.name);
  for (const k of Object.keys(map) as (keyof ContextMap)[]) map[k] = [...new Set(map[k])].sort();
  return map;
}

/** A name stands in the README as a word of its own (in backticks, a table cell or text). */
function named(readme: string, name: string): boolean {
  const escaped = name.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  return new RegExp(`(?<![\\w-])${escaped}(?![\\w-])`).test(readme) || (name.endsWith('/') && readme.includes(`\`${name}`));
}

const CONTEXTS = readdirSync(SERVICES)
  .filter((c) => !NOT_CONTEXTS.has(c) && statSync(join(SERVICES, c, 'src'), { throwIfNoEntry: false })?.isDirectory())
  .sort();

describe("each context's README map follows its code", () => {
  it('finds the contexts and what their code holds', () => {
    expect(CONTEXTS).toEqual(expect.arrayContaining(['billing', 'catalog', 'integrations', 'marketplace', 'analytics']));
    const catalog = mapOfCode('catalog');
    // The scan itself: if it found nothing, every README would pass.
    expect(catalog.commands.length).toBeGreaterThan(5);
    expect(catalog.queries.length).toBeGreaterThan(5);
    expect(catalog.tables).toContain('brand_mappings');
    expect(catalog.eventsIn).toEqual(expect.arrayContaining(['BrandMappingSaved', 'BrandMappingRemoved']));
    expect(catalog.eventsOut).toContain('CatalogSearched');
  });

  it.each(CONTEXTS)('%s/README.md names its folders, commands, queries, tables and events', (context) => {
    const readme = readFileSync(join(SERVICES, context, 'README.md'), 'utf8');
    const code = mapOfCode(context);
    const missing = Object.fromEntries(
      (Object.entries(code) as [string, string[]][])
        .map(([kind, names]) => [kind, names.filter((n) => !named(readme, n))])
        .filter(([, names]) => names.length > 0),
    );
    expect(missing).toEqual({});
  });
});
