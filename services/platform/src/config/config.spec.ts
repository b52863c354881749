import { describe, expect, it } from '@jest/globals';
import { ConfigError, configKeys, loadConfig } from './config.js';

describe('configuration from the environment', () => {
  it('has working defaults for a single machine', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({ PORT: 8080, EVENT_BUS: 'postgres', ROLE: 'all', COOKIE_SECURE: false });
    expect(c.SERVICES).toContain('identity');
  });

  it('names the variable that is wrong, in one message', () => {
    expect(() => loadConfig({ PORT: 'ochenta', EVENT_BUS: 'rabbit' })).toThrow(ConfigError);
    try {
      loadConfig({ PORT: 'ochenta', EVENT_BUS: 'rabbit' });
    } catch (err) {
      expect((err as ConfigError).problems.map((p) => p.split(' ')[0])).toEqual(['PORT', 'EVENT_BUS']);
    }
  });

  it('requires KAFKA_BROKERS with the kafka bus, and real secrets in production', () => {
    expect(() => loadConfig({ EVENT_BUS: 'kafka' })).toThrow(/KAFKA_BROKERS/);
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/SESSION_SECRET.*INTERNAL_TOKEN|INTERNAL_TOKEN.*SESSION_SECRET/);
  });

  it('parses SERVICES and refuses unknown contexts', () => {
    expect(loadConfig({ SERVICES: 'catalog, billing' }).SERVICES).toEqual(['catalog', 'billing']);
    expect(() => loadConfig({ SERVICES: 'catalog,inventario' })).toThrow(/SERVICES/);
  });

  it('marks cookies Secure behind TLS', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://tuerca.co' }).COOKIE_SECURE).toBe(true);
  });

  it('believes forwarding headers only from the proxies it lists (never from anyone)', () => {
    expect(loadConfig({}).TRUST_PROXY).toBeUndefined();
    expect(loadConfig({ TRUST_PROXY: '10.0.0.5, 172.18.0.0/16, uniquelocal, ::1' }).TRUST_PROXY).toEqual([
      '10.0.0.5',
      '172.18.0.0/16',
      'uniquelocal',
      '::1',
    ]);
    for (const bad of ['true', '*', '10.0.0.0/33', 'nginx', '10.0.0.1/8/1'])
      expect(() => loadConfig({ TRUST_PROXY: bad })).toThrow(/TRUST_PROXY/);
  });

  it('lists every variable it reads', () => {
    expect(configKeys()).toEqual(expect.arrayContaining(['DATABASE_URL', 'REDIS_URL', 'EVENT_BUS', 'KAFKA_BROKERS', 'SERVICES', 'ROLE']));
  });
});
