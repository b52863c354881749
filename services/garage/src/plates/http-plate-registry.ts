import type { PlateCountry } from '@tuerca/contracts';
import { z } from 'zod';
import { PlateRegistry, PlateRegistryUnavailableError, registryVehicleSchema, type RegistryVehicle } from './plate-registry.port.js';

const answerSchema = z.object({ data: registryVehicleSchema });

/**
 * The seam for a real provider: `GET {baseUrl}/vehicles/{country}/{plate}` answering `{ data: RegistryVehicle }`,
 * 404 when the registry has no such plate. Anything else — a timeout, a refused connection, a 5xx, a body
 * that breaks the contract — is an outage.
 */
export class HttpPlateRegistry extends PlateRegistry {
  constructor(
    private readonly baseUrl: string,
    private readonly timeoutMs: number,
    private readonly fetchImpl: typeof fetch = fetch,
  ) {
    super();
  }

  async find(country: PlateCountry, plate: string): Promise<RegistryVehicle | null> {
    let res: Response;
    try {
      res = await this.fetchImpl(`${this.baseUrl.replace(/\/$/, '')}/vehicles/${country}/${encodeURIComponent(plate)}`, {
        headers: { accept: 'application/json' },
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (err) {
      throw new PlateRegistryUnavailableError(err instanceof Error ? err.message : String(err));
    }
    if (res.status === 404) {
      await res.body?.cancel();
      return null;
    }
    if (!res.ok) {
      await res.body?.cancel();
      throw new PlateRegistryUnavailableError(`provider answered ${res.status}`);
    }
    let body: unknown;
    try {
      body = await res.json();
    } catch {
      throw new PlateRegistryUnavailableError('provider answered a body that is not JSON');
    }
    const parsed = answerSchema.safeParse(body);
    if (!parsed.success) throw new PlateRegistryUnavailableError('provider answer breaks the contract');
    const v = parsed.data.data;
    // A provider that answers another plate or country is as good as down.
    if (v.country !== country || v.plate !== plate) throw new PlateRegistryUnavailableError('provider answered another plate');
    return v;
  }
}
