import { z } from 'zod';
import { defineEvent } from './define.js';

export const VinCatalogued = defineEvent({
  name: 'VinCatalogued',
  context: 'catalog',
  description:
    'The catalogue indexed a VIN (or learned it has none): whether it opens an original-parts catalogue, and which. Garage keeps it for the vehicle card.',
  payload: z.object({
    vin: z.string().length(17),
    hasCatalog: z.boolean(),
    catalogCode: z.string().nullable(),
    vehicleId: z.string().nullable(),
  }),
});
