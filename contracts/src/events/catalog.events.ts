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

export const CatalogSearched = defineEvent({
  name: 'CatalogSearched',
  context: 'catalog',
  description:
    'A catalogue search was served, found or not (for analysts): what was searched (normalised), by what kind of person, in which catalogue, how many results and how long it took.',
  payload: z.object({
    /** What was searched: a VIN, a frame number, an OEM part number, or substitutions of a reference. */
    kind: z.enum(['vin', 'frame', 'oem', 'substitutions']),
    /** The normalised VIN, frame number or part number. */
    query: z.string().min(1).max(200),
    personKind: z.enum(['guest', 'user']),
    /** The catalogue the search was made in, or the one the result opened; null when none. */
    catalogCode: z.string().nullable(),
    found: z.boolean(),
    resultCount: z.number().int().min(0),
    latencyMs: z.number().int().min(0),
  }),
});

export const CrossReferencesPublished = defineEvent({
  name: 'CrossReferencesPublished',
  context: 'catalog',
  description:
    "The catalogue's cross-references of one OEM number as they now stand (the full list replaces the previous one): what the marketplace offers as substitutes.",
  payload: z.object({
    oemNormalized: z.string().min(1).max(60),
    oem: z.string().min(1).max(60),
    manufacturer: z.string(),
    references: z
      .array(
        z.object({
          manufacturer: z.string(),
          partFormatted: z.string(),
          partNormalized: z.string().min(1).max(60),
          type: z.enum(['duplicate', 'replacement', 'part whole', 'tuning', 'synonym', 'code']),
          way: z.enum(['forward', 'backward', 'bidirectional']),
        }),
      )
      .max(500),
  }),
});
