import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { zipSync } from 'fflate';
import { t } from '@tuerca/contracts';
import { SheetCollector, SpreadsheetError, checkFileSize, type SheetRow } from './spreadsheet.js';
import { unpackXlsx } from './xlsx.guard.js';

/** A cell's value as ExcelJS's streaming reader gives it. */
type CellValue = ExcelJS.CellValue;

/** A number as the sheet shows it, without binary noise ('0.30000000000000004' reads '0.3'). */
export function numberText(n: number): string {
  return Number.isFinite(n) ? String(Number(n.toPrecision(15))) : '';
}

/** A date cell as text: 'YYYY-MM-DD', with ' HH:MM' when it has a time of day (the reader gives UTC dates). */
export function dateText(d: Date): string {
  if (Number.isNaN(d.getTime())) return '';
  const iso = new Date(Math.round(d.getTime() / 60000) * 60000).toISOString();
  return iso.slice(11, 16) === '00:00' ? iso.slice(0, 10) : `${iso.slice(0, 10)} ${iso.slice(11, 16)}`;
}

/** A cell as text: strings, numbers, booleans, dates, rich text, formula results and errors. */
export function cellText(value: CellValue | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return numberText(value);
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (value instanceof Date) return dateText(value);
  if ('richText' in value && Array.isArray(value.richText)) return value.richText.map((run) => run.text ?? '').join('');
  if ('formula' in value || 'sharedFormula' in value) return cellText((value as { result?: CellValue }).result);
  if ('error' in value) return String(value.error);
  if ('text' in value && typeof value.text === 'string') return value.text;
  return '';
}

/** Worksheet parts ExcelJS's streaming reader recognises. */
const WORKSHEET = /^xl\/worksheets\/sheet\d+\.xml$/;
const EMPTY_SHARED_STRINGS =
  '<?xml version="1.0" encoding="UTF-8"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"/>';

/**
 * The workbook ExcelJS reads: its relationships, workbook, styles and shared strings first, then its
 * worksheets, stored without compression. In that order ExcelJS's streaming reader parses each sheet as it
 * arrives (instead of parking it in a temporary file until the shared strings come, as Excel's own order
 * would make it), so nothing is left on disk.
 */
function orderedWorkbook(parts: Map<string, Uint8Array>): { bytes: Uint8Array; worksheets: number } {
  const files: Record<string, Uint8Array> = {};
  for (const name of ['xl/_rels/workbook.xml.rels', 'xl/workbook.xml', 'xl/styles.xml']) {
    const part = parts.get(name);
    if (part) files[name] = part;
  }
  files['xl/sharedStrings.xml'] = parts.get('xl/sharedStrings.xml') ?? new TextEncoder().encode(EMPTY_SHARED_STRINGS);
  const sheets = [...parts.keys()].filter((name) => WORKSHEET.test(name)).sort();
  for (const name of sheets) files[name] = parts.get(name)!;
  return { bytes: zipSync(files, { level: 0 }), worksheets: sheets.length };
}

/**
 * Rows of the first sheet of an .xlsx workbook (the first tab), read by ExcelJS's streaming reader once
 * `unpackXlsx` has measured the file under its caps: shared and inline strings, numbers, booleans, formula
 * results, date cells as 'YYYY-MM-DD'; empty cells as ''. Rows keep the numbers the sheet gives them; blank
 * rows are left out.
 */
export async function readXlsx(bytes: Uint8Array): Promise<SheetRow[]> {
  checkFileSize(bytes);
  const unpacked = await unpackXlsx(bytes);
  if (unpacked.problem) throw unpacked.problem;
  if (!unpacked.parts.has('xl/_rels/workbook.xml.rels')) throw SpreadsheetError.of(t('productImports.unreadableXlsx'));
  const workbook = orderedWorkbook(unpacked.parts);
  unpacked.parts.clear();
  // unzipper (under ExcelJS) ends its entries as soon as its input ends, dropping any it has not handed over
  // yet; the input is held open until every worksheet has been read, then ended.
  const input = new Readable({ read() {} });
  for (let at = 0; at < workbook.bytes.length; at += 64 * 1024) input.push(workbook.bytes.subarray(at, at + 64 * 1024));
  if (workbook.worksheets === 0) input.push(null);
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(input, {
    worksheets: 'emit',
    sharedStrings: 'cache',
    // Styles tell date cells from numbers.
    styles: 'cache',
    hyperlinks: 'ignore',
    entries: 'ignore',
  });
  const sheet = new SheetCollector();
  let read = 0;
  let sawFirst = false;
  let reading = true;
  try {
    for await (const worksheet of reader) {
      // The first tab of the workbook, whichever part holds it.
      const isFirst = !sawFirst && (worksheet as { name?: string }).name === reader.model?.sheets?.[0]?.name;
      let last = 0;
      for await (const row of worksheet) {
        if (!isFirst || !reading) continue;
        const number = Number.isInteger(row.number) && row.number > last ? row.number : last + 1;
        last = number;
        const cells: string[] = [];
        row.eachCell({ includeEmpty: false }, (cell, col) => {
          while (cells.length < col - 1) cells.push('');
          cells[col - 1] = cellText(cell.value);
        });
        reading = sheet.add(number, cells);
      }
      if (isFirst) sawFirst = true;
      if (++read === workbook.worksheets) input.push(null);
    }
  } catch (error) {
    if (error instanceof SpreadsheetError) throw error;
    throw SpreadsheetError.of(t('productImports.unreadableXlsx'));
  } finally {
    input.destroy();
  }
  if (!sawFirst) throw SpreadsheetError.of(t('productImports.noSheet'));
  return sheet.finish();
}
