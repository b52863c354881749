import { eventKey, type EventDefinition } from './define.js';
import * as identity from './identity.events.js';
import * as billing from './billing.events.js';
import * as garage from './garage.events.js';
import * as catalog from './catalog.events.js';
import * as marketplace from './marketplace.events.js';
import * as agenda from './agenda.events.js';
import * as suppliers from './supplier.events.js';
import * as quoteRequests from './quote-request.events.js';
import * as ratings from './ratings.events.js';
import * as closing from './closing.events.js';
import * as questions from './questions.events.js';
import * as notifications from './notifications.events.js';
import * as integrations from './integrations.events.js';

/**
 * Every event of the system, keyed by name and version (`eventKey`: `QuoteRequested.v1`), so two versions
 * of one event coexist. Topics for Kafka and the AsyncAPI document come from here.
 */
export const eventRegistry: Readonly<Record<string, EventDefinition>> = Object.freeze(
  Object.fromEntries(
    [
      ...Object.values(identity),
      ...Object.values(billing),
      ...Object.values(garage),
      ...Object.values(catalog),
      ...Object.values(marketplace),
      ...Object.values(agenda),
      ...Object.values(suppliers),
      ...Object.values(quoteRequests),
      ...Object.values(ratings),
      ...Object.values(closing),
      ...Object.values(questions),
      ...Object.values(notifications),
      ...Object.values(integrations),
    ].map((d) => [eventKey(d), d as EventDefinition]),
  ),
);

/** The definition of one version of an event; throws for an event the system does not know. */
export function eventDefinition(name: string, version = 1): EventDefinition {
  const def = eventRegistry[eventKey({ name, version })];
  if (!def) throw new Error(`Unknown event type ${name} v${version}`);
  return def;
}

export function allTopics(): string[] {
  return Object.values(eventRegistry).map((d) => d.topic);
}
