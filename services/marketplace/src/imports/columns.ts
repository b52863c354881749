import { t, type ProductInput } from '@tuerca/contracts';
import { SpreadsheetError, type SheetRow } from './spreadsheet.js';

export type ColumnKind = 'text' | 'optionalText' | 'integer' | 'number' | 'boolean' | 'salesModel' | 'cartType' | 'images';

/** A product field a spreadsheet column can fill: its Spanish label (the template's header) and the other names it goes by. */
export interface ColumnSpec {
  field: keyof ProductInput;
  label: string;
  aliases: readonly string[];
  kind: ColumnKind;
  required: boolean;
}

/**
 * The columns of the seller's spreadsheet, in the template's order. A header matches the label, an alias
 * or the spec's field name, ignoring case, accents, spaces/underscores and a trailing '*' or '(…)'.
 */
export const COLUMNS: readonly ColumnSpec[] = [
  {
    field: 'referencia_1',
    label: 'Número de parte',
    aliases: ['Referencia 1', 'Referencia', 'No. de parte', 'Nº de parte'],
    kind: 'text',
    required: true,
  },
  { field: 'referencia_2', label: 'Referencia 2', aliases: [], kind: 'optionalText', required: false },
  { field: 'referencia_3', label: 'Referencia 3', aliases: [], kind: 'optionalText', required: false },
  { field: 'manufacturer_title', label: 'Marca', aliases: ['Fabricante'], kind: 'text', required: true },
  { field: 'title', label: 'Título', aliases: ['Producto', 'Nombre'], kind: 'text', required: true },
  { field: 'descripcion', label: 'Descripción', aliases: [], kind: 'text', required: false },
  { field: 'observaciones', label: 'Observaciones', aliases: [], kind: 'text', required: false },
  { field: 'inventario', label: 'Inventario', aliases: ['Stock', 'Existencias'], kind: 'integer', required: true },
  { field: 'actualPrice', label: 'Precio', aliases: [], kind: 'number', required: true },
  { field: 'hidePrices', label: 'Ocultar precio', aliases: [], kind: 'boolean', required: false },
  { field: 'tiempos_de_entrega', label: 'Tiempo de entrega', aliases: ['Tiempos de entrega'], kind: 'text', required: false },
  { field: 'minimum_order_quantity', label: 'Cantidad mínima', aliases: [], kind: 'integer', required: false },
  { field: 'salesModel', label: 'Modelo de venta', aliases: [], kind: 'salesModel', required: false },
  { field: 'cartTypeBySaleModel', label: 'Carrito o favoritos', aliases: [], kind: 'cartType', required: false },
  {
    field: 'quotationMaxQuantity',
    label: 'Cantidad máxima cotización',
    aliases: ['Cantidad máxima de cotización'],
    kind: 'integer',
    required: false,
  },
  { field: 'remainingTime', label: 'Horas para comprar', aliases: [], kind: 'integer', required: false },
  { field: 'category', label: 'Categoría', aliases: [], kind: 'optionalText', required: false },
  { field: 'imagesURLs', label: 'Imágenes', aliases: [], kind: 'images', required: false },
];

/** Folds a header for matching: lower case, no accents, no '*' or '(…)', underscores, dots and spaces as one space. */
export function normalizeHeader(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\([^)]*\)/g, ' ')
    .replace(/[*º°]/g, ' ')
    .replace(/[\s_.:]+/g, ' ')
    .trim();
}

const BY_NAME = new Map<string, ColumnSpec>();
for (const spec of COLUMNS) for (const name of [spec.label, spec.field, ...spec.aliases]) BY_NAME.set(normalizeHeader(name), spec);

/** A1-style letters of a zero-based column (0 → A, 26 → AA). */
export function columnLetter(index: number): string {
  let n = index + 1;
  let out = '';
  while (n > 0) {
    const r = (n - 1) % 26;
    out = String.fromCharCode(65 + r) + out;
    n = Math.floor((n - 1) / 26);
  }
  return out;
}

/** One column of the file that feeds a product field. */
export interface MappedColumn {
  index: number;
  /** The header as the file writes it (what errors name). */
  header: string;
  spec: ColumnSpec;
}

export interface HeaderMap {
  /** The header row's number. */
  row: number;
  columns: MappedColumn[];
  /** Headers no product field takes (ignored). */
  ignored: string[];
}

/** Maps the header row to product fields; a missing required column or a field named twice refuses the file. */
export function mapHeader(header: SheetRow): HeaderMap {
  const columns: MappedColumn[] = [];
  const ignored: string[] = [];
  header.cells.forEach((raw, index) => {
    const text = raw.trim();
    if (!text) return;
    const spec = BY_NAME.get(normalizeHeader(text));
    if (!spec) {
      ignored.push(text);
      return;
    }
    const twice = columns.find((c) => c.spec === spec);
    if (twice)
      throw SpreadsheetError.of(
        t('productImports.repeatedColumn', { column: spec.label, first: columnLetter(twice.index), second: columnLetter(index) }),
      );
    columns.push({ index, header: text, spec });
  });
  const missing = COLUMNS.filter((spec) => spec.required && !columns.some((c) => c.spec === spec)).map((spec) => spec.label);
  if (missing.length) throw SpreadsheetError.of(t('productImports.missingColumns', { columns: missing.join(', ') }));
  return { row: header.row, columns, ignored };
}
