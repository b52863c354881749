import { cleanReference, productInputSchema, t, type ProductInput } from '@tuerca/contracts';
import { checkRowCount, SpreadsheetError, type ImportIssue, type SheetRow } from './spreadsheet.js';
import { mapHeader, type ColumnSpec, type HeaderMap, type MappedColumn } from './columns.js';

/** A row that passed validation: its number in the sheet and the product it describes. */
export interface ValidRow {
  row: number;
  input: ProductInput;
}

export interface ValidationResult {
  rows: ValidRow[];
  issues: ImportIssue[];
  /** Product rows in the file (the header apart). */
  rowCount: number;
  /** The product fields the file has a column for. */
  fields: (keyof ProductInput)[];
  ignoredColumns: string[];
  /** The brand column's header as written in the file. */
  brandColumn: string;
}

const fold = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .trim();

const TRUE = new Set(['si', 's', 'x', '1', 'true', 'verdadero', 'yes', 'y']);
const FALSE = new Set(['no', 'n', '0', 'false', 'falso']);
const SALES_MODELS: Record<string, 1 | 2 | 3> = { '1': 1, '2': 2, '3': 3, venta: 1, pedido: 2, cotizacion: 3 };
const CART_TYPES: Record<string, 'cart' | 'favorites'> = {
  carrito: 'cart',
  cart: 'cart',
  favoritos: 'favorites',
  favorito: 'favorites',
  favorites: 'favorites',
};

/**
 * A number as sellers write it: '$ 1.234.567,50' (Colombia), '1,234,567.50' (Mexico), '1234.5', '12'.
 * With both separators the last one is the decimal one; a lone separator followed by groups of three
 * digits separates thousands ('1.500' is fifteen hundred), otherwise it is the decimal one. NaN when it is no number.
 */
export function parseNumber(raw: string): number {
  let text = raw.replace(/[\s$]|COP|MXN/gi, '');
  if (!/^-?[\d.,]+$/.test(text)) return NaN;
  const lastDot = text.lastIndexOf('.');
  const lastComma = text.lastIndexOf(',');
  if (lastDot >= 0 && lastComma >= 0) {
    const decimal = lastDot > lastComma ? '.' : ',';
    const thousands = decimal === '.' ? ',' : '.';
    text = text.split(thousands).join('').replace(decimal, '.');
  } else {
    const sep = lastDot >= 0 ? '.' : lastComma >= 0 ? ',' : null;
    if (sep) {
      const groups = new RegExp(`^-?\\d{1,3}(\\${sep}\\d{3})+$`);
      text = groups.test(text) ? text.split(sep).join('') : text.split(sep).length === 2 ? text.replace(sep, '.') : 'x';
    }
  }
  if (!/^-?\d+(\.\d+)?$/.test(text)) return NaN;
  return Number(text);
}

type Converted = { value: unknown } | { error: string } | null;

/** One cell to the value its product field takes; null when blank (the field keeps its default). */
export function convertCell(spec: ColumnSpec, raw: string): Converted {
  const text = raw.trim();
  if (text === '') {
    if (spec.required && (spec.kind === 'integer' || spec.kind === 'number')) return { error: t('validation.fieldRequired') };
    return spec.kind === 'optionalText' ? { value: null } : null;
  }
  switch (spec.kind) {
    case 'text':
    case 'optionalText':
      return { value: text };
    case 'integer':
    case 'number': {
      const n = parseNumber(text);
      if (Number.isNaN(n)) return { error: t('productImports.notANumber') };
      // Every numeric product field starts at zero (the schema's own message would only say 'Debe ser un número').
      return n < 0 ? { error: t('validation.min', { min: 0 }) } : { value: n };
    }
    case 'boolean': {
      const f = fold(text);
      return TRUE.has(f) ? { value: true } : FALSE.has(f) ? { value: false } : { error: t('productImports.notABoolean') };
    }
    case 'salesModel': {
      const model = SALES_MODELS[fold(text).replace(/\.0+$/, '')];
      return model ? { value: model } : { error: t('productImports.badSalesModel') };
    }
    case 'cartType': {
      const cart = CART_TYPES[fold(text)];
      return cart ? { value: cart } : { error: t('productImports.badCartType') };
    }
    case 'images':
      return { value: text.split(/[|\s]+/).filter(Boolean) };
  }
}

/** One product row: the product it describes, or every problem of its cells. */
export function validateRow(row: SheetRow, header: HeaderMap): { input: ProductInput } | { issues: ImportIssue[] } {
  const raw: Record<string, unknown> = {};
  const issues: ImportIssue[] = [];
  const reported = new Set<string>();
  const byField = new Map<string, MappedColumn>();
  for (const column of header.columns) {
    byField.set(column.spec.field, column);
    const converted = convertCell(column.spec, row.cells[column.index] ?? '');
    if (converted === null) continue;
    if ('error' in converted) {
      issues.push({ row: row.row, column: column.header, message: converted.error });
      reported.add(column.spec.field);
    } else raw[column.spec.field] = converted.value;
  }
  const parsed = productInputSchema.safeParse(raw);
  if (parsed.success && issues.length === 0) return { input: parsed.data };
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? '');
      if (reported.has(field)) continue;
      reported.add(field);
      const column = byField.get(field);
      issues.push({ row: row.row, column: column?.header ?? field, message: issue.message });
    }
  }
  const position = (name: string | null) => header.columns.find((c) => c.header === name)?.index ?? Number.MAX_SAFE_INTEGER;
  return { issues: issues.sort((a, b) => position(a.column) - position(b.column)) };
}

/** The key a product has in its store: clean reference 1 and brand, case-insensitive (as the unique index). */
export function productKey(reference: string, brand: string): string {
  return `${cleanReference(reference)}\u0000${brand.trim().toLowerCase()}`;
}

/**
 * Validates a whole sheet (pure but for the progress callback): the header row maps columns, every other
 * row is checked with productInputSchema, and a part number and brand repeated in the file is reported at
 * each repetition. `onProgress` is awaited every `every` rows with the count done.
 */
export async function validateSheet(
  sheet: SheetRow[],
  onProgress?: (done: number, total: number) => Promise<void> | void,
  every = 500,
): Promise<ValidationResult> {
  const [headerRow, ...body] = sheet;
  if (!headerRow) throw SpreadsheetError.of(t('productImports.noHeader'));
  checkRowCount(sheet);
  const header = mapHeader(headerRow);
  if (body.length === 0) throw SpreadsheetError.of(t('productImports.noRows'));
  const refColumn = header.columns.find((c) => c.spec.field === 'referencia_1')!;
  const brandColumn = header.columns.find((c) => c.spec.field === 'manufacturer_title')!;
  const seen = new Map<string, number>();
  const rows: ValidRow[] = [];
  const issues: ImportIssue[] = [];
  for (let i = 0; i < body.length; i++) {
    const row = body[i]!;
    const result = validateRow(row, header);
    if ('input' in result) rows.push({ row: row.row, input: result.input });
    else issues.push(...result.issues);
    const reference = (row.cells[refColumn.index] ?? '').trim();
    const brand = (row.cells[brandColumn.index] ?? '').trim();
    if (cleanReference(reference) && brand) {
      const key = productKey(reference, brand);
      const first = seen.get(key);
      if (first === undefined) seen.set(key, row.row);
      else
        issues.push({
          row: row.row,
          column: refColumn.header,
          message: t('productImports.duplicateInFile', { reference, brand, row: first }),
        });
    }
    if (onProgress && (i + 1) % every === 0) await onProgress(i + 1, body.length);
  }
  return {
    rows: issues.length ? [] : rows,
    issues,
    rowCount: body.length,
    fields: header.columns.map((c) => c.spec.field),
    ignoredColumns: header.ignored,
    brandColumn: brandColumn.header,
  };
}
