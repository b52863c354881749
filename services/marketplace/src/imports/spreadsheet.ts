import { t } from '@tuerca/contracts';

/** A spreadsheet file over this size is refused before it is read (the upload's 10 MB). */
export const MAX_FILE_BYTES = 10 * 1024 * 1024;
/** At most this many product rows per file (the header row apart). */
export const MAX_ROWS = 50_000;
/** Uncompressed size a part of an .xlsx may have (guards against zip bombs). */
export const MAX_XML_BYTES = 256 * 1024 * 1024;

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

/** Whether a row has any non-blank cell. */
export function hasContent(cells: readonly string[]): boolean {
  return cells.some((c) => c.trim() !== '');
}
