import { z } from 'zod';
import { defineEvent } from './define.js';

/**
 * A store's brand label mapped to a PIES brand, as integrations announces it (issue 18: "imports
 * (spreadsheet and PIES) resolve brands through the mapping"). The marketplace and the catalogue keep
 * their own copy from these events; the label is matched by `brandKey` (brandLabelKey).
 */
const mapping = z.object({
  mappingId: z.uuid(),
  storeId: z.uuid(),
  /** The store's own label as the seller wrote it. */
  productBrand: z.string(),
  brandKey: z.string(),
  brandAaiaid: z.string(),
  /** The PIES brand's name in Auto Care's table: the brand the mapped products take. */
  brandName: z.string(),
  updatedAt: z.iso.datetime({ offset: true }),
});

export const BrandMappingSaved = defineEvent({
  name: 'BrandMappingSaved',
  context: 'integrations',
  description:
    "A store's brand label was mapped to a PIES brand, or its mapping changed (label, brand, or the brand's name in a new Auto Care table); the whole mapping.",
  payload: mapping,
});

export const BrandMappingRemoved = defineEvent({
  name: 'BrandMappingRemoved',
  context: 'integrations',
  description: "A store's brand mapping was deleted: its label no longer resolves to a PIES brand.",
  payload: z.object({ mappingId: z.uuid(), storeId: z.uuid(), brandKey: z.string() }),
});
