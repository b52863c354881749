import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { z } from 'zod';
import { defineRoute } from '@tuerca/contracts';
import { DomainError, ServiceUnavailableError } from './domain-error.js';
import { callInternalRoute } from './internal-call.js';

const route = defineRoute({
  method: 'POST',
  path: '/internal/test/things/:id',
  summary: 't',
  tags: ['t'],
  response: z.unknown(),
  access: 'public',
});

describe('a call to another context', () => {
  let server: Server;
  let baseUrl: string;
  const seen: { url?: string; token?: string; body?: string }[] = [];

  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (d: Buffer) => (body += d.toString()));
      req.on('end', () => {
        seen.push({ url: req.url, token: req.headers['x-internal-token'] as string, body });
        const id = req.url!.split('/').pop();
        if (id === 'slow') return setTimeout(() => res.end('{}'), 1000);
        if (id === 'broken') return res.writeHead(500).end('{"statusCode":500}');
        if (id === 'refused')
          return res
            .writeHead(403, { 'content-type': 'application/json' })
            .end(JSON.stringify({ statusCode: 403, message: 'Exhausted catalog inquiries', errors: ['Sin consultas'] }));
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ data: { id } }));
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  const options = () => ({ context: 'test', baseUrl, token: 'secret-token', timeoutMs: 300 });

  it('speaks the route contract: method, path with its parameters, the internal token', async () => {
    expect(await callInternalRoute(route, { params: { id: 'a b' }, body: { x: 1 } }, options())).toEqual({ data: { id: 'a%20b' } });
    expect(seen.at(-1)).toEqual({ url: '/internal/test/things/a%20b', token: 'secret-token', body: '{"x":1}' });
  });

  it("gives back the other context's rule error as the same DomainError", async () => {
    const err = await callInternalRoute(route, { params: { id: 'refused' } }, options()).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DomainError);
    expect(err).toMatchObject({ status: 403, code: 'Exhausted catalog inquiries', messages: ['Sin consultas'] });
  });

  it('answers 503 servicio intermitente when the other is down, too slow or failing', async () => {
    const cases: [ReturnType<typeof options>, string][] = [
      [{ ...options(), baseUrl: 'http://127.0.0.1:1' }, 'x'],
      [options(), 'slow'],
      [options(), 'broken'],
    ];
    for (const [target, id] of cases) {
      const err = await callInternalRoute(route, { params: { id } }, target).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(ServiceUnavailableError);
      expect(err).toMatchObject({ status: 503, messages: [expect.stringMatching(/^Servicio intermitente/)] });
    }
  });
});
