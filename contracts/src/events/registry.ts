import type { EventDefinition } from './define.js';
import * as identity from './identity.events.js';
import * as billing from './billing.events.js';
import * as garage from './garage.events.js';
import * as catalog from './catalog.events.js';
import * as marketplace from './marketplace.events.js';

/** Every event of the system, by name. Topics for Kafka and the AsyncAPI document come from here. */
export const eventRegistry: Readonly<Record<string, EventDefinition>> = Object.freeze(
  Object.fromEntries(
    [
      ...Object.values(identity),
      ...Object.values(billing),
      ...Object.values(garage),
      ...Object.values(catalog),
      ...Object.values(marketplace),
    ].map((d) => [d.name, d as EventDefinition]),
  ),
);

export function eventDefinition(name: string): EventDefinition {
  const def = eventRegistry[name];
  if (!def) throw new Error(`Unknown event type ${name}`);
  return def;
}

export function allTopics(): string[] {
  return Object.values(eventRegistry).map((d) => d.topic);
}
