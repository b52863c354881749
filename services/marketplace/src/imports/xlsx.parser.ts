import { unzipSync } from 'fflate';
import { XMLParser } from 'fast-xml-parser';
import { t } from '@tuerca/contracts';
import { MAX_XML_BYTES, SpreadsheetError, checkFileSize, checkRowCount, hasContent, type SheetRow } from './spreadsheet.js';

type Node = Record<string, unknown>;

const REPEATED = new Set(['sheet', 'Relationship', 'si', 'r', 'row', 'c', 'numFmt', 'xf']);

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  textNodeName: '#text',
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: false,
  processEntities: true,
  isArray: (name) => REPEATED.has(name),
});

const unreadable = () => SpreadsheetError.of(t('productImports.unreadableXlsx'));

function list(node: unknown, name: string): unknown[] {
  const v = node && typeof node === 'object' ? (node as Node)[name] : undefined;
  if (v === undefined || v === null || v === '') return [];
  return Array.isArray(v) ? v : [v];
}

function child(node: unknown, name: string): unknown {
  return node && typeof node === 'object' ? (node as Node)[name] : undefined;
}

function attr(node: unknown, name: string): string {
  const v = child(node, `@_${name}`);
  return typeof v === 'string' ? v : v === undefined || v === null ? '' : String(v);
}

/** The text of an element: '<t>x</t>', '<t xml:space="preserve"> x</t>' or an empty '<t/>'. */
function text(node: unknown): string {
  if (node === undefined || node === null) return '';
  if (typeof node === 'string' || typeof node === 'number' || typeof node === 'boolean') return String(node);
  if (Array.isArray(node)) return node.map(text).join('');
  if (typeof node === 'object') return text((node as Node)['#text']);
  return '';
}

/** A rich or plain string item (`<si>`, `<is>`): its `<t>`, or the `<t>` of each run; phonetic hints left out. */
function stringItem(node: unknown): string {
  const plain = child(node, 't');
  if (plain !== undefined) return text(plain);
  return list(node, 'r')
    .map((run) => text(child(run, 't')))
    .join('');
}

/** Zero-based column of an A1 reference ('C5' → 2), or null. */
export function columnIndex(ref: string): number | null {
  const letters = /^([A-Z]{1,3})\d*$/i.exec(ref)?.[1]?.toUpperCase();
  if (!letters) return null;
  let n = 0;
  for (const ch of letters) n = n * 26 + (ch.charCodeAt(0) - 64);
  return n - 1;
}

// Built-in number formats that are dates or times (ECMA-376 §18.8.30, and the East Asian ones Excel maps).
const DATE_FORMATS = new Set([
  14, 15, 16, 17, 18, 19, 20, 21, 22, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 45, 46, 47, 50, 51, 52, 53, 54, 55, 56, 57, 58,
]);

/** Whether a custom format code shows a date or time (d, m, y, h, s outside quoted text and [colour] sections). */
export function isDateFormatCode(code: string): boolean {
  const bare = code
    .replace(/"[^"]*"/g, '')
    .replace(/\\./g, '')
    .replace(/\[[^\]]*\]/g, '');
  return /[dmyhs]/i.test(bare) && !/^general$/i.test(bare.trim());
}

/** The styles (cellXfs index) whose number format is a date. */
function dateStyles(styles: unknown): Set<number> {
  const custom = new Map<number, string>();
  for (const f of list(child(child(styles, 'styleSheet'), 'numFmts'), 'numFmt'))
    custom.set(Number(attr(f, 'numFmtId')), attr(f, 'formatCode'));
  const out = new Set<number>();
  list(child(child(styles, 'styleSheet'), 'cellXfs'), 'xf').forEach((xf, i) => {
    const id = Number(attr(xf, 'numFmtId'));
    if (DATE_FORMATS.has(id) || (custom.has(id) && isDateFormatCode(custom.get(id)!))) out.add(i);
  });
  return out;
}

const DAY_MS = 24 * 3600 * 1000;

/**
 * An Excel date serial as text: 'YYYY-MM-DD', with ' HH:MM' when it has a time of day. 1900 system
 * (day 1 = 1900-01-01, counting Excel's phantom 1900-02-29) or, for workbooks saved that way, 1904.
 */
export function excelSerialToText(serial: number, date1904 = false): string {
  const base = date1904 ? Date.UTC(1904, 0, 1) : Date.UTC(1899, 11, 30);
  const days = !date1904 && serial < 60 ? serial + 1 : serial;
  const when = new Date(base + Math.round((days * DAY_MS) / 60000) * 60000);
  const iso = when.toISOString();
  return iso.slice(11, 16) === '00:00' ? iso.slice(0, 10) : `${iso.slice(0, 10)} ${iso.slice(11, 16)}`;
}

/** A number cell as text, without binary noise ('0.30000000000000004' reads '0.3'). */
function numberText(raw: string): string {
  const n = Number(raw);
  if (raw.trim() === '' || !Number.isFinite(n)) return raw.trim();
  return String(Number(n.toPrecision(15)));
}

function resolveTarget(target: string): string {
  if (target.startsWith('/')) return target.slice(1);
  const parts = `xl/${target}`.split('/');
  const out: string[] = [];
  for (const p of parts) {
    if (p === '..') out.pop();
    else if (p !== '.' && p !== '') out.push(p);
  }
  return out.join('/');
}

function xml(files: Record<string, Uint8Array>, path: string): unknown {
  const bytes = files[path];
  if (!bytes) return undefined;
  try {
    return parser.parse(new TextDecoder('utf-8').decode(bytes));
  } catch {
    throw unreadable();
  }
}

/**
 * Rows of the first sheet of an .xlsx workbook (pure): shared and inline strings, numbers, booleans,
 * formula results, date cells as 'YYYY-MM-DD'; empty cells as ''. Rows keep the numbers the sheet gives them.
 */
export function parseXlsx(bytes: Uint8Array): SheetRow[] {
  checkFileSize(bytes);
  let files: Record<string, Uint8Array>;
  let oversize = false;
  try {
    files = unzipSync(bytes, {
      filter: (f) => {
        const wanted =
          f.name.startsWith('xl/') &&
          (f.name.endsWith('.xml') || f.name.endsWith('.rels')) &&
          !/^xl\/(media|drawings|charts|theme|printerSettings)\//.test(f.name);
        if (wanted && f.originalSize > MAX_XML_BYTES) oversize = true;
        return wanted && f.originalSize <= MAX_XML_BYTES;
      },
    });
  } catch {
    throw unreadable();
  }
  if (oversize) throw unreadable();
  const workbook = child(xml(files, 'xl/workbook.xml'), 'workbook');
  if (!workbook) throw unreadable();
  const first = list(child(workbook, 'sheets'), 'sheet')[0];
  if (!first) throw SpreadsheetError.of(t('productImports.noSheet'));
  const date1904 = ['1', 'true'].includes(attr(child(workbook, 'workbookPr'), 'date1904'));
  const relId = attr(first, 'id');
  const rel = list(child(xml(files, 'xl/_rels/workbook.xml.rels'), 'Relationships'), 'Relationship').find((r) => attr(r, 'Id') === relId);
  const sheetPath = rel ? resolveTarget(attr(rel, 'Target')) : 'xl/worksheets/sheet1.xml';
  const sheet = child(xml(files, sheetPath), 'worksheet');
  if (!sheet) throw unreadable();
  const shared = list(child(xml(files, 'xl/sharedStrings.xml'), 'sst'), 'si').map(stringItem);
  const dates = dateStyles(xml(files, 'xl/styles.xml'));

  const rows: SheetRow[] = [];
  let lastRow = 0;
  for (const r of list(child(sheet, 'sheetData'), 'row')) {
    const number = Number(attr(r, 'r')) || lastRow + 1;
    lastRow = number;
    const cells: string[] = [];
    let lastCol = -1;
    for (const c of list(r, 'c')) {
      const col = columnIndex(attr(c, 'r')) ?? lastCol + 1;
      lastCol = col;
      const type = attr(c, 't') || 'n';
      const v = text(child(c, 'v'));
      let value: string;
      if (type === 's') value = shared[Number(v)] ?? '';
      else if (type === 'inlineStr') value = stringItem(child(c, 'is'));
      else if (type === 'str' || type === 'e') value = v;
      else if (type === 'b') value = v === '1' ? 'true' : v === '0' ? 'false' : v;
      else if (type === 'd') value = v.length >= 10 ? v.slice(0, 10) : v;
      else if (v !== '' && dates.has(Number(attr(c, 's'))) && Number.isFinite(Number(v))) value = excelSerialToText(Number(v), date1904);
      else value = numberText(v);
      while (cells.length < col) cells.push('');
      cells[col] = value;
    }
    if (hasContent(cells)) rows.push({ row: number, cells });
  }
  checkRowCount(rows);
  return rows;
}
