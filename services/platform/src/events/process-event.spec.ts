import { describe, expect, it } from '@jest/globals';
import { z } from 'zod';
import { defineEvent } from '@tuerca/contracts';
import { resolveEvent } from './process-event.js';

const V1 = defineEvent({ name: 'PartPriced', context: 'test', description: 't', payload: z.object({ cents: z.number().int() }) });
const V2 = defineEvent({
  name: 'PartPriced',
  version: 2,
  context: 'test',
  description: 't',
  payload: z.object({ amount: z.object({ cents: z.number().int(), currency: z.enum(['COP', 'MXN']) }) }),
});

const envelope = (version: number, payload: unknown) => ({
  eventId: '0b9c2f7e-7a43-4f5e-9d0e-3c1f4a2b6d70',
  type: 'PartPriced',
  version,
  occurredAt: '2026-01-01T00:00:00.000Z',
  aggregateId: 'p1',
  actor: { kind: 'system', id: 'test' },
  payload,
});

describe('an event checked against the definitions a group consumes', () => {
  it('matches name and version, and hands over the parsed payload', () => {
    const r = resolveEvent({ events: [V1, V2] }, envelope(2, { amount: { cents: 100, currency: 'COP' } }));
    expect('definition' in r && r.definition).toBe(V2);
    expect('envelope' in r && r.envelope.payload).toEqual({ amount: { cents: 100, currency: 'COP' } });
  });

  it('refuses a version the group does not consume, a payload its schema refuses, and a broken envelope', () => {
    expect(resolveEvent({ events: [V1] }, envelope(2, { amount: { cents: 1, currency: 'COP' } }))).toMatchObject({
      reason: 'not an event this group consumes: PartPriced.v2',
      version: 2,
    });
    expect(resolveEvent({ events: [V1] }, envelope(1, { cents: 1.5 }))).toMatchObject({
      reason: expect.stringMatching(/^invalid payload of PartPriced.v1: cents/),
    });
    const broken = resolveEvent({ events: [V1] }, { unparsable: 'not json' });
    expect(broken).toMatchObject({ reason: expect.stringMatching(/^invalid envelope/), type: '(sin tipo)' });
    // A broken message gets a stable id, so its redelivery finds the same dead letter.
    expect(resolveEvent({ events: [V1] }, { unparsable: 'not json' })).toMatchObject({ eventId: (broken as { eventId: string }).eventId });
  });
});
