import { z } from 'zod';
import { defineEvent } from './define.js';

export const VehicleSavedToGarage = defineEvent({
  name: 'VehicleSavedToGarage',
  context: 'garage',
  description: "A vehicle entered a person's garage: created by hand or found by a plate lookup.",
  payload: z.object({
    vehicleId: z.uuid(),
    userId: z.string(),
    country: z.enum(['CO', 'MX']),
    licensePlate: z.string(),
    vin: z.string().nullable(),
    brand: z.string(),
    model: z.string(),
    year: z.number().int(),
    source: z.enum(['manual', 'plate-lookup']),
  }),
});

export const VehicleUpdated = defineEvent({
  name: 'VehicleUpdated',
  context: 'garage',
  description: 'A person changed a vehicle of their garage.',
  payload: z.object({ vehicleId: z.uuid(), userId: z.string(), licensePlate: z.string(), vin: z.string().nullable() }),
});

export const VehicleRemovedFromGarage = defineEvent({
  name: 'VehicleRemovedFromGarage',
  context: 'garage',
  description: 'A person removed a vehicle from their garage.',
  payload: z.object({ vehicleId: z.uuid(), userId: z.string() }),
});

export const PlateLookedUp = defineEvent({
  name: 'PlateLookedUp',
  context: 'garage',
  description:
    'No longer recorded (kept so older log entries still read; they carried the plate in clear): a plate lookup was answered. Replaced by PlateLookedUp v2.',
  payload: z.object({
    licensePlate: z.string(),
    country: z.enum(['CO', 'MX']),
    found: z.boolean(),
    who: z.object({ kind: z.enum(['guest', 'user']), id: z.string() }),
    vehicleId: z.string().nullable(),
  }),
});

/**
 * A plate lookup was answered, found or not (for analysts; a found one was metered). DESIGN §5: a plate lookup
 * never spreads the vehicle's identity numbers, so the event carries neither the plate nor the VIN — only what
 * the analytics dashboard counts: country, found, who (guest or user) and the vehicle's make.
 */
export const PlateLookedUpV2 = defineEvent({
  name: 'PlateLookedUp',
  version: 2,
  context: 'garage',
  description: 'A plate lookup was answered (found or not) — for analytics, without the plate or the VIN; a found one was metered.',
  payload: z.object({
    country: z.enum(['CO', 'MX']),
    found: z.boolean(),
    personKind: z.enum(['guest', 'user']),
    /** The registry's make of the vehicle found (e.g. 'MAZDA'); null when not found. */
    make: z.string().nullable(),
    latencyMs: z.number().int().min(0),
  }),
});
