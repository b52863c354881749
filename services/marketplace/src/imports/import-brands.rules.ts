import { ErrorCodes, brandLabelKey, t } from '@tuerca/contracts';
import { productKey, type ValidRow } from './rows.js';
import type { ImportIssue } from './spreadsheet.js';

/** The PIES brand a store's label maps to (the marketplace's copy of integrations' mapping). */
export interface MappedBrand {
  brandAaiaid: string;
  brandName: string;
}

export interface BrandResolution {
  rows: ValidRow[];
  /** Rows imported with their own label: the store has not mapped it. */
  warnings: ImportIssue[];
  /** Rows that the mapping turns into a product another row of the file already is. */
  issues: ImportIssue[];
}

/**
 * issue 18: "imports (spreadsheet and PIES) resolve brands through the mapping and report unmapped ones per
 * row". A row whose brand label the store mapped takes the PIES brand's name as its brand; a row whose label
 * is unmapped keeps it and carries a warning (code 'Brand not mapped') — the rest of the row is imported as
 * written (only for a store that maps its brands: one that never mapped a label is not warned on every row). Two rows that become the same part number and brand once mapped are the same product: the later
 * one is an error, as any repetition in the file is.
 */
export function resolveImportBrands(
  rows: ValidRow[],
  mappings: ReadonlyMap<string, MappedBrand>,
  brandColumn: string,
  /** Whether the store maps its brands at all: a store that never mapped one is not told about each row. */
  storeMapsBrands: boolean,
): BrandResolution {
  const out: ValidRow[] = [];
  const warnings: ImportIssue[] = [];
  const issues: ImportIssue[] = [];
  const seen = new Map<string, number>();
  for (const r of rows) {
    const label = r.input.manufacturer_title;
    const mapped = mappings.get(brandLabelKey(label));
    if (!mapped && storeMapsBrands)
      warnings.push({
        row: r.row,
        column: brandColumn,
        code: ErrorCodes.BRAND_NOT_MAPPED,
        message: t('integrations.pies.rowNotMapped', { brand: label }),
      });
    const input = mapped ? { ...r.input, manufacturer_title: mapped.brandName } : r.input;
    const key = productKey(input.referencia_1, input.manufacturer_title);
    const first = seen.get(key);
    if (first !== undefined) {
      issues.push({
        row: r.row,
        column: brandColumn,
        message: t('productImports.duplicateInFile', { reference: input.referencia_1, brand: input.manufacturer_title, row: first }),
      });
      continue;
    }
    seen.set(key, r.row);
    out.push({ row: r.row, input });
  }
  return { rows: out, warnings, issues };
}
