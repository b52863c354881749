import { describe, expect, it } from '@jest/globals';
import { envelopeSchema, eventRegistry } from '@tuerca/contracts';
import { buildAsyncApi } from '../../../scripts/asyncapi-build.mjs';

describe('AsyncAPI document from the event registry', () => {
  const doc = buildAsyncApi(eventRegistry, envelopeSchema, { version: '9.9.9' });

  it('is AsyncAPI 2.6 with one channel per registered topic', () => {
    expect(doc.asyncapi).toBe('2.6.0');
    expect(doc.info.version).toBe('9.9.9');
    const topics = Object.values(eventRegistry).map((d) => d.topic);
    expect(Object.keys(doc.channels).sort()).toEqual([...topics].sort());
  });

  it('describes every event with its envelope and payload schema', () => {
    for (const def of Object.values(eventRegistry)) {
      const channel = doc.channels[def.topic]!;
      expect(channel.description).toContain(def.description);
      const ref = channel.subscribe.message.$ref.replace('#/components/messages/', '');
      const message = doc.components.messages[ref]!;
      expect(message.name).toBe(def.name);
      const payload = message.payload as {
        properties: Record<string, { const?: unknown; properties?: Record<string, unknown> }>;
        required: string[];
      };
      expect(payload.required).toEqual(
        expect.arrayContaining(['eventId', 'type', 'version', 'occurredAt', 'aggregateId', 'actor', 'payload']),
      );
      expect(payload.properties.type!.const).toBe(def.name);
      expect(Object.keys(payload.properties.payload!.properties ?? {}).length).toBeGreaterThan(0);
    }
  });

  it('includes CatalogSearched with the fields analysts read', () => {
    const channel = doc.channels['tuerca.catalog.catalog-searched.v1']!;
    expect(channel).toBeDefined();
    const message = doc.components.messages['CatalogSearchedV1']!;
    const inner = (message.payload as { properties: { payload: { properties: Record<string, unknown> } } }).properties.payload.properties;
    expect(Object.keys(inner).sort()).toEqual([
      'catalogCode',
      'found',
      'generation',
      'kind',
      'latencyMs',
      'make',
      'personKind',
      'qrId',
      'query',
      'resultCount',
      'vinAnswer',
    ]);
  });
});
