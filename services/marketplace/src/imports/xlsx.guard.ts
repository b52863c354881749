import { setImmediate as nextTurn } from 'node:timers/promises';
import { Unzip, UnzipInflate, UnzipPassThrough } from 'fflate';
import { t } from '@tuerca/contracts';
import { MAX_SHEET_ROWS, MAX_UNPACKED_BYTES, SpreadsheetError, tooManySheetRows } from './spreadsheet.js';

/** Compressed bytes handed to the inflater at a time: at most about a thousand times this comes out before the next check. */
const SLICE = 8 * 1024;

/** The parts of a workbook that are read: its XML and relationships. Images and other media are never inflated. */
const isXmlPart = (name: string) => /^xl\/.*\.(xml|rels)$/i.test(name);
const isWorksheet = (name: string) => /^xl\/worksheets\/[^/]+\.xml$/i.test(name);

const unreadable = () => SpreadsheetError.of(t('productImports.unreadableXlsx'));

/** What the guard measured: the bytes inflated before it stopped, why it refused the file, and the XML parts when it did not. */
export interface UnpackedXlsx {
  unpacked: number;
  problem: SpreadsheetError | null;
  /** The workbook's XML parts by name (only when there is no problem). */
  parts: Map<string, Uint8Array>;
}

/**
 * Unpacks the XML parts of an .xlsx under caps (issue 20 §1, the spreadsheet bomb): they are inflated as a
 * stream, a few kilobytes of input at a time with a turn of the event loop between, counting the bytes that
 * come out and the `<row` elements of the worksheets. Past MAX_UNPACKED_BYTES or MAX_SHEET_ROWS the file is
 * refused at once — a 16 KB file of empty rows is stopped after a few megabytes, in milliseconds, instead of
 * being parsed. Sizes the zip declares are not trusted: what inflates is counted.
 */
export async function unpackXlsx(
  bytes: Uint8Array,
  limits: { bytes: number; rows: number } = { bytes: MAX_UNPACKED_BYTES, rows: MAX_SHEET_ROWS },
): Promise<UnpackedXlsx> {
  let unpacked = 0;
  let problem: SpreadsheetError | null = null;
  const chunks = new Map<string, Uint8Array[]>();
  const refuse = (error: SpreadsheetError) => {
    problem ??= error;
  };
  const unzip = new Unzip((file) => {
    if (!isXmlPart(file.name) || chunks.has(file.name)) return; // not started: never inflated
    const kept: Uint8Array[] = [];
    chunks.set(file.name, kept);
    const counting = isWorksheet(file.name);
    let rows = 0;
    let tail = '';
    file.ondata = (error, chunk) => {
      if (problem) return;
      if (error) return refuse(unreadable());
      unpacked += chunk.length;
      if (unpacked > limits.bytes) {
        refuse(SpreadsheetError.of(t('productImports.unpackedTooLarge', { max: Math.round(limits.bytes / (1024 * 1024)) })));
        return file.terminate();
      }
      kept.push(chunk);
      if (!counting) return;
      // `<row` elements, including one split across two chunks (the last four characters are carried over).
      const text = tail + Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength).toString('latin1');
      rows += text.match(/<row[\s/>]/g)?.length ?? 0;
      tail = text.slice(-4);
      if (rows > limits.rows) {
        refuse(tooManySheetRows(limits.rows));
        file.terminate();
      }
    };
    file.start();
  });
  unzip.register(UnzipInflate);
  unzip.register(UnzipPassThrough);
  try {
    for (let at = 0; at < bytes.length && !problem; at += SLICE) {
      unzip.push(bytes.subarray(at, at + SLICE), at + SLICE >= bytes.length);
      await nextTurn();
    }
  } catch {
    refuse(unreadable());
  }
  if (!problem && !chunks.has('xl/workbook.xml')) refuse(unreadable());
  const parts = new Map<string, Uint8Array>();
  if (!problem) for (const [name, kept] of chunks) parts.set(name, Buffer.concat(kept));
  return { unpacked, problem, parts };
}
