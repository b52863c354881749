import { z } from 'zod';
import { defineEvent } from './define.js';

export const VinCatalogued = defineEvent({
  name: 'VinCatalogued',
  context: 'catalog',
  description:
    'No longer recorded (kept so older log entries still read): the catalogue answered whether a VIN opens an original-parts catalogue. The vehicle card now asks the catalogue directly (VINHasCatalog with an opaque vehicle token).',
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
    /** VIN searches: 'exact' (the catalogue's index), 'candidates' (ranked from the VIN), 'notInCatalog' (a known vehicle without catalogue) or 'notRegistered'. */
    vinAnswer: z.enum(['exact', 'candidates', 'notInCatalog', 'notRegistered']).optional(),
    /** The QR code the search came from (the VIN search page's `qr`), if any. */
    qrId: z.string().max(200).nullable().optional(),
    /** VIN and frame searches: the catalogue generation that served it ('v2', or 'old' for /api/catalogo/catalog/). Absent in events recorded before both generations were served. */
    generation: z.enum(['old', 'v2']).optional(),
    /** The make of the catalogue searched or opened (the catalogue's brand), when there is one: the analytics dashboard groups by it. */
    make: z.string().nullable().optional(),
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
