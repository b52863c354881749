import { t } from '@tuerca/contracts';

/** The columns of the parts table (spec 001 §5 "Excel download"). */
export const EXPORT_COLUMNS = () => [
  t('catalog.exportGroup'),
  t('catalog.exportUnit'),
  t('catalog.exportCodeOnImage'),
  t('catalog.exportOem'),
  t('catalog.description'),
  t('catalog.quantity'),
];

/** Rows before the parts table: title, vehicle, catalogue, group, date, a blank line, the column names. */
export const EXPORT_HEADER_ROWS = 7;

export interface ExcelFile {
  fileName: string;
  data: Uint8Array;
}

/** Lower-case ASCII words joined by hyphens, for file names. */
export function fileSlug(s: string): string {
  return s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80);
}
