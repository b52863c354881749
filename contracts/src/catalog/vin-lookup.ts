import { z } from 'zod';
import '../http/zod-es.js';

/**
 * "Which vehicle is this?" — the catalogue's answer to a VIN or frame number (issue: the right vehicle).
 * An exact answer comes from the catalogue's own VIN and frame index; otherwise candidates ranked by the
 * evidence the VIN carries (make from the WMI, model year, model from vPIC or the make's VDS scheme, engine,
 * body, market), each with that evidence and a confidence. The console shows an exact answer as found and
 * candidates as '¿Cuál es tu vehículo?'.
 */

/** What a piece of evidence is about. */
export const VIN_EVIDENCE_KINDS = ['index', 'frame', 'make', 'kind', 'year', 'model', 'engine', 'body', 'fuel', 'market'] as const;
export type VinEvidenceKind = (typeof VIN_EVIDENCE_KINDS)[number];

/** Where it comes from: the catalogue's index, the WMI table, NHTSA vPIC, the make's VDS scheme, the catalogue's years, the person. */
export const VIN_EVIDENCE_SOURCES = ['index', 'wmi', 'vpic', 'vds', 'catalogue', 'visitor'] as const;
export type VinEvidenceSource = (typeof VIN_EVIDENCE_SOURCES)[number];

export const vinEvidenceSchema = z.object({
  kind: z.enum(VIN_EVIDENCE_KINDS),
  /** What the VIN says (e.g. 'Mazda 3', '2018', '2.0 L'). */
  value: z.string(),
  source: z.enum(VIN_EVIDENCE_SOURCES),
});
export type VinEvidence = z.infer<typeof vinEvidenceSchema>;

/** A vehicle the VIN may be: the spec's list item (name, vehicleId, vehicleVIN, catalog, ssd) and why. */
export const vinCandidateSchema = z.object({
  name: z.string(),
  brand: z.string(),
  vehicleId: z.string(),
  /** The VIN (or frame number) as the person gave it, or the opaque vehicle token when they gave one. */
  vehicleVIN: z.string(),
  catalog: z.string(),
  ssd: z.string(),
  /** In the catalogue's own index: this is the vehicle (its parts carry `match`). */
  exact: z.boolean(),
  /** 0–1: how sure the ranking is (1 for an exact answer). */
  confidence: z.number().min(0).max(1),
  evidence: z.array(vinEvidenceSchema),
  attributes: z.array(z.object({ name: z.string(), value: z.string() })),
});
export type VinCandidate = z.infer<typeof vinCandidateSchema>;

/** What the VIN itself says, decoded without the catalogue. */
export const decodedVinSchema = z.object({
  wmi: z.string(),
  make: z.string().nullable(),
  model: z.string().nullable(),
  /** The model year, or the two years of the 30-year cycle the VIN leaves open. */
  years: z.array(z.number().int()),
  kind: z.enum(['car', 'motorcycle', 'truck', 'bus', 'other']).nullable(),
  /** Where it was built (Spanish country name), from the WMI. */
  country: z.string().nullable(),
});
export type DecodedVinView = z.infer<typeof decodedVinSchema>;

export const VIN_ANSWERS = ['exact', 'candidates'] as const;

/** `metadata` of vehicleByVinOrFrame. */
export const vinLookupMetadataSchema = z.object({
  /** 'exact': the catalogue's own index (or frame index) names the vehicle; 'candidates': pick one. */
  answer: z.enum(VIN_ANSWERS),
  exact: z.boolean(),
  /** 'index' (VIN index), 'frame' (frame-number index) or 'decoded' (ranked from the VIN's evidence). */
  source: z.enum(['index', 'frame', 'decoded']),
  decoded: decodedVinSchema.nullable(),
  /** The QR the search came from (`QRID`), echoed. */
  qrId: z.string().nullable(),
});

/** verifyVinInCatalogForActiveUser: the same answer as the lookup, for the person's vehicle card. */
export const vinCatalogCheckSchema = z.object({
  hasCatalog: z.boolean(),
  exact: z.boolean(),
  /** How many vehicles the lookup would offer (1 when exact). */
  candidates: z.number().int().min(0),
  /** The vehicle the VIN opens when the answer is exact; null otherwise. */
  vehicle: vinCandidateSchema.nullable(),
  /** 'Chevrolet Onix 2019' when the make is known but the catalogue lacks that vehicle; null otherwise. */
  notInCatalog: z.string().nullable(),
});
export type VinCatalogCheck = z.infer<typeof vinCatalogCheckSchema>;
