import type { TriggerDef } from '@mikro-orm/core';

/**
 * The statement trigger on each table "which vehicle is this?" reads (catalogs, vehicles, vehicle_vins,
 * vehicle_frames) that notifies `tuerca_catalog_vehicles` when a change commits, so every process drops what it
 * keeps of them (created by Migration009VehicleChanges; declared on the entities so the schema diff knows it).
 */
export function vehicleChangesTrigger(table: string): TriggerDef {
  const name = `${table}_changed`;
  return {
    name,
    timing: 'after',
    events: ['insert', 'update', 'delete', 'truncate'],
    forEach: 'statement',
    expression: `create trigger ${name} after insert or update or delete or truncate on ${table} for each statement execute function notify_catalog_vehicles()`,
  };
}
