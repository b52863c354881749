import { Migration } from '@mikro-orm/migrations';

/** The tables "which vehicle is this?" reads, and the channel that says they changed. */
export const VEHICLE_TABLES = ['catalogs', 'vehicles', 'vehicle_vins', 'vehicle_frames'] as const;
export const VEHICLES_CHANGED_CHANNEL = 'tuerca_catalog_vehicles';

/**
 * Any change to the catalogue's vehicles or its VIN and frame index — seeding, a re-import, a hand edit —
 * notifies `tuerca_catalog_vehicles` when it commits, so every process drops what it keeps in memory of them
 * (the VIN lookup's vehicles by make and its resolved VINs: services/catalog/README.md, "Speed").
 */
export class Migration009VehicleChanges extends Migration {
  override name = 'Migration009VehicleChanges';

  override up(): void {
    this.addSql(`
      create or replace function notify_catalog_vehicles() returns trigger language plpgsql as $$
      begin
        perform pg_notify('${VEHICLES_CHANGED_CHANNEL}', tg_table_schema);
        return null;
      end $$`);
    for (const table of VEHICLE_TABLES) {
      this.addSql(`drop trigger if exists ${table}_changed on ${table}`);
      this.addSql(
        `create trigger ${table}_changed after insert or update or delete or truncate on ${table} for each statement execute function notify_catalog_vehicles()`,
      );
    }
  }
}
