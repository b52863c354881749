import { describe, expect, it } from '@jest/globals';
import { z } from 'zod';
import { defineEvent, kebab, topicName } from './define.js';
import { allTopics, eventRegistry } from './registry.js';
import { CONTEXT_HTTP_PREFIXES, contextForPath } from '../http/context-routes.js';
import { adminListQuerySchema, listQuerySchema } from '../http/envelope.js';

describe('events', () => {
  it('names topics tuerca.<context>.<event-kebab>.v<version>', () => {
    expect(kebab('VehicleSavedToGarage')).toBe('vehicle-saved-to-garage');
    expect(topicName('garage', 'VehicleSavedToGarage', 1)).toBe('tuerca.garage.vehicle-saved-to-garage.v1');
    const e = defineEvent({ name: 'QuoteRequested', version: 2, context: 'marketplace', description: 'x', payload: z.object({}) });
    expect(e.topic).toBe('tuerca.marketplace.quote-requested.v2');
  });

  it('registers every event once with a unique topic', () => {
    const topics = allTopics();
    expect(new Set(topics).size).toBe(topics.length);
    expect(Object.keys(eventRegistry)).toEqual(expect.arrayContaining(['UserRegistered.v1', 'UserLoggedIn.v1']));
  });
});

describe('list queries', () => {
  it('parses the spec list query: filter JSON, zero-based page, page size 20 by default', () => {
    expect(listQuerySchema.parse({})).toMatchObject({ filter: {}, page: 0, pageSize: 20, scopes: [] });
    expect(listQuerySchema.parse({ filter: '{"name":"Mazda"}', page: '2', pageSize: '100', scopes: 'a,b' })).toMatchObject({
      filter: { name: 'Mazda' },
      page: 2,
      pageSize: 100,
      scopes: ['a', 'b'],
    });
  });

  it('explains bad list input in Spanish', () => {
    const r = listQuerySchema.safeParse({ filter: '{no es json', page: '-1' });
    expect(r.success).toBe(false);
    expect(r.error!.issues.map((i) => i.message)).toEqual(['Formato JSON inválido', 'Debe ser mayor o igual a 0']);
  });

  it('parses the ra-data-simple-rest dialect', () => {
    expect(adminListQuerySchema.parse({ sort: '["title","ASC"]', range: '[0,24]', filter: '{"q":"x"}' })).toEqual({
      sort: { field: 'title', order: 'ASC' },
      range: { start: 0, end: 24 },
      filter: { q: 'x' },
    });
    expect(adminListQuerySchema.safeParse({ range: '[10,2]' }).success).toBe(false);
  });
});

describe('context routes', () => {
  it('routes each spec path to the context that owns it', () => {
    expect(contextForPath('/api/catalogo/catalogV2/parts')).toBe('catalog');
    expect(contextForPath('/api/catalogo/products/searchProductByReference')).toBe('marketplace');
    expect(contextForPath('/api/garage/vehicle/getVehicleForLicensePlatePremium')).toBe('garage');
    expect(contextForPath('/api/core/sessionControlData/0')).toBe('identity');
    expect(contextForPath('/api/core/chargingPlans/getChargingPlansActive')).toBe('billing');
    expect(contextForPath('/api/catalogo/catalogV2/getSearchesPerformedAm')).toBe('billing');
    expect(contextForPath('/api/catalogo/catalogV2/abc-123/getSearchesPerformedOemStore')).toBe('billing');
    expect(contextForPath('/api/catalogo/catalogV2/abc-123/otra')).toBe('catalog');
  });

  it('never gives one prefix to two contexts', () => {
    const all = Object.values(CONTEXT_HTTP_PREFIXES).flat();
    expect(new Set(all).size).toBe(all.length);
  });
});
