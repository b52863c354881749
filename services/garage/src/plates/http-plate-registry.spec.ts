import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { HttpPlateRegistry } from './http-plate-registry.js';
import { PlateRegistryUnavailableError } from './plate-registry.port.js';

const vehicle = {
  country: 'CO',
  plate: 'ABC123',
  vin: '9GAXXXXXXXXXXXXXX',
  makeKey: 'chevrolet',
  make: 'Chevrolet',
  model: 'Onix',
  year: 2021,
  engineCode: 'B10XE',
  engineNumber: 'B10XE123456',
  chassisNumber: '9GAXXXXXXXXXXXXXX',
  cylinderCapacity: 999,
  cylinders: 3,
  fuel: 'Gasolina',
  vehicleClass: 'Automóvil',
  bodyType: 'Sedán',
  doors: 4,
  color: 'Rojo',
  city: 'Cali',
  countryOfOrigin: 'Colombia',
};

describe('HttpPlateRegistry (the provider seam)', () => {
  let server: Server;
  let base: string;

  beforeAll(async () => {
    server = createServer((req, res) => {
      const plate = req.url!.split('/').pop();
      const send = (status: number, body: string) => res.writeHead(status, { 'content-type': 'application/json' }).end(body);
      if (plate === 'ABC123') return send(200, JSON.stringify({ data: vehicle }));
      if (plate === 'NOP000') return send(404, '{}');
      if (plate === 'ERR500') return send(500, '{}');
      if (plate === 'BAD000') return send(200, JSON.stringify({ data: { plate: 'BAD000' } }));
      if (plate === 'OTR000') return send(200, JSON.stringify({ data: vehicle }));
      if (plate === 'SLO000') return void setTimeout(() => send(200, JSON.stringify({ data: vehicle })), 3000);
      return send(200, 'not json');
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  });

  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  });

  // Generous for a loaded machine; the slow plate answers well past it.
  const registry = () => new HttpPlateRegistry(base, 1000);

  it("answers the provider's record, and null for its 404", async () => {
    expect(await registry().find('CO', 'ABC123')).toEqual(vehicle);
    expect(await registry().find('CO', 'NOP000')).toBeNull();
  });

  it.each(['ERR500', 'BAD000', 'OTR000', 'SLO000', 'TXT000'])('treats %s as an outage', async (plate) => {
    await expect(registry().find('CO', plate)).rejects.toBeInstanceOf(PlateRegistryUnavailableError);
  });

  it('treats a refused connection as an outage', async () => {
    await expect(new HttpPlateRegistry('http://127.0.0.1:9', 200).find('CO', 'ABC123')).rejects.toBeInstanceOf(
      PlateRegistryUnavailableError,
    );
  });
});
