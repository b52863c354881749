import { Readable } from 'node:stream';
import { CsvError, parse } from 'csv-parse';
import { t } from '@tuerca/contracts';
import { SheetCollector, SpreadsheetError, checkFileSize, type SheetRow } from './spreadsheet.js';

const DELIMITERS = [',', ';', '\t'] as const;
/** Characters handed to the parser at a time, so a large file is parsed over many turns of the event loop. */
const CHUNK = 64 * 1024;

/**
 * The text of a CSV file: UTF-8 (with or without BOM), UTF-16 with its BOM (Excel's "Unicode text"), or,
 * when the bytes are not valid UTF-8, Windows-1252 (what Excel in Spanish writes for "CSV (delimitado por comas)").
 */
export function decodeText(bytes: Uint8Array): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes.subarray(2));
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes.subarray(2));
  const body = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? bytes.subarray(3) : bytes;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(body);
  } catch {
    return new TextDecoder('windows-1252').decode(body);
  }
}

/** The delimiter of the first non-empty line, counted outside quotes: ',' (default), ';' (Excel in Spanish) or a tab. */
export function detectDelimiter(text: string): string {
  const counts = new Map<string, number>(DELIMITERS.map((d) => [d, 0]));
  let quoted = false;
  let seen = false;
  for (const ch of text) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === '\n' || ch === '\r')) {
      if (seen) break;
    } else if (!quoted && counts.has(ch)) counts.set(ch, counts.get(ch)! + 1);
    if (ch.trim() !== '') seen = true;
  }
  let best: string = ',';
  for (const d of DELIMITERS) if (counts.get(d)! > counts.get(best)!) best = d;
  return best;
}

function* chunks(text: string): Generator<string> {
  for (let at = 0; at < text.length; at += CHUNK) yield text.slice(at, at + CHUNK);
}

/** Rows of a CSV file, parsed as a stream: numbered as a spreadsheet program shows them, blank rows left out. */
export async function readCsv(bytes: Uint8Array): Promise<SheetRow[]> {
  checkFileSize(bytes);
  const text = decodeText(bytes);
  const parser = Readable.from(chunks(text)).pipe(
    parse({
      delimiter: detectDelimiter(text),
      bom: true,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: false,
      trim: false,
    }),
  );
  const sheet = new SheetCollector();
  let row = 0;
  try {
    for await (const record of parser as AsyncIterable<string[]>) {
      if (!sheet.add(++row, record)) {
        parser.destroy();
        break;
      }
    }
  } catch (error) {
    const at = error instanceof CsvError ? Number((error as CsvError & { records?: number }).records ?? 0) + 1 : 1;
    throw SpreadsheetError.of(t('productImports.unreadableCsv', { row: at }));
  }
  return sheet.finish();
}
