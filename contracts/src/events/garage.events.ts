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
  description: 'A plate lookup was answered (found or not) — for analytics; a found one was metered.',
  payload: z.object({
    licensePlate: z.string(),
    country: z.enum(['CO', 'MX']),
    found: z.boolean(),
    who: z.object({ kind: z.enum(['guest', 'user']), id: z.string() }),
    vehicleId: z.string().nullable(),
  }),
});
