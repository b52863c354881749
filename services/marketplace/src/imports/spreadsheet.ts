import { t } from '@tuerca/contracts';

/** A spreadsheet file over this size is refused before it is read (the upload's 10 MB). */
export const MAX_FILE_BYTES = 10 * 1024 * 1024;
/** At most this many product rows per file (the header row apart). */
export const MAX_ROWS = 50_000;
/**
 * Rows read per file, blank ones included: a file of empty rows (the "spreadsheet bomb" of issue 20 §1) is
 * refused when it passes this, before any of it is parsed.
 */
export const MAX_SHEET_ROWS = 2 * MAX_ROWS;
/**
 * Bytes an .xlsx may unpack to (its XML parts, counted as they inflate): a 50,000-row catalogue written by
 * Excel unpacks to about 40 MB; a zip bomb is stopped at this size instead of at the machine's memory.
 */
export const MAX_UNPACKED_BYTES = 100 * 1024 * 1024;
/** Columns read per row; cells further right are ignored (the template has 18). */
export const MAX_COLUMNS = 100;
/** Excel's own limit for one cell's text. */
export const MAX_CELL_CHARS = 32_767;
/**
 * Characters kept from one file, repeated shared strings counted each time they are used: with the caps
 * above it bounds the memory an import may take (about 200 MB of text at most, in the worker).
 */
export const MAX_SHEET_CHARS = 100_000_000;

export type SpreadsheetFormat = 'csv' | 'xlsx';

/** One non-empty row of the sheet: its number as the seller's spreadsheet program shows it (1-based), and its cells as text. */
export interface SheetRow {
  row: number;
  cells: string[];
}

/**
 * One problem of an import: the row (as the spreadsheet numbers it) and column (its header as written in
 * the file) when it belongs to a cell, and the Spanish message. File-level problems have neither.
 */
export interface ImportIssue {
  row: number | null;
  column: string | null;
  message: string;
  /** A program's code for it (ErrorCodes), when it has one. */
  code?: string;
}

/** The text a person reads: 'Fila 3, columna Precio: Debe ser un número', or the message alone for the whole file. */
export function issueText(issue: ImportIssue): string {
  if (issue.row !== null && issue.column !== null)
    return t('productImports.rowError', { row: issue.row, column: issue.column, message: issue.message });
  return issue.message;
}

/** A file that cannot be read at all: one Spanish message, nothing imported. */
export class SpreadsheetError extends Error {
  constructor(readonly issue: ImportIssue) {
    super(issue.message);
  }

  static of(message: string): SpreadsheetError {
    return new SpreadsheetError({ row: null, column: null, message });
  }
}

/** The format a file name says (by its extension), or null. */
export function formatOf(fileName: string): SpreadsheetFormat | null {
  const ext = /\.([a-z0-9]+)$/i.exec(fileName.trim())?.[1]?.toLowerCase();
  return ext === 'csv' || ext === 'xlsx' ? ext : null;
}

export function checkFileSize(bytes: Uint8Array): void {
  if (bytes.length === 0) throw SpreadsheetError.of(t('productImports.emptyFile'));
  if (bytes.length > MAX_FILE_BYTES) {
    const size = (bytes.length / (1024 * 1024)).toFixed(1);
    throw SpreadsheetError.of(t('productImports.fileTooLarge', { size, max: MAX_FILE_BYTES / (1024 * 1024) }));
  }
}

/** Refuses a file with more product rows than MAX_ROWS (rows counts the header too). */
export function checkRowCount(rows: readonly SheetRow[]): void {
  const products = rows.length - 1;
  if (products > MAX_ROWS) throw SpreadsheetError.of(t('productImports.tooManyRows', { count: products, max: MAX_ROWS }));
}

export const tooManySheetRows = (max = MAX_SHEET_ROWS) => SpreadsheetError.of(t('productImports.tooManySheetRows', { max }));

/** Whether a row has any non-blank cell. */
export function hasContent(cells: readonly string[]): boolean {
  return cells.some((c) => c.trim() !== '');
}

/**
 * Collects a sheet's rows under the caps: blank rows are left out (but counted against MAX_SHEET_ROWS),
 * product rows past MAX_ROWS are counted but not kept, cells past MAX_COLUMNS ignored, a cell's text cut at
 * MAX_CELL_CHARS and the file's text at MAX_SHEET_CHARS. `finish()` answers the rows or the file's error.
 */
export class SheetCollector {
  private readonly rows: SheetRow[] = [];
  private scanned = 0;
  private products = 0;
  private chars = 0;
  private tooMuchText = false;

  /** False once the file is refused for its size: the reader may stop reading. */
  add(row: number, cells: string[]): boolean {
    if (++this.scanned > MAX_SHEET_ROWS) return false;
    if (!hasContent(cells)) return true;
    // The header is row one of the kept rows; every other kept row is a product.
    if (this.rows.length > 0 && ++this.products > MAX_ROWS) return true;
    const kept = cells.slice(0, MAX_COLUMNS).map((c) => (c.length > MAX_CELL_CHARS ? c.slice(0, MAX_CELL_CHARS) : c));
    for (const c of kept) this.chars += c.length;
    if (this.chars > MAX_SHEET_CHARS) {
      this.tooMuchText = true;
      return false;
    }
    this.rows.push({ row, cells: kept });
    return true;
  }

  finish(): SheetRow[] {
    if (this.scanned > MAX_SHEET_ROWS) throw tooManySheetRows();
    if (this.tooMuchText) throw SpreadsheetError.of(t('productImports.tooMuchText'));
    if (this.products > MAX_ROWS) throw SpreadsheetError.of(t('productImports.tooManyRows', { count: this.products, max: MAX_ROWS }));
    return this.rows;
  }
}
