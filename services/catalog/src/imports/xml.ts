import { SaxesParser } from 'saxes';
import { t } from '@tuerca/contracts';

/** One problem found in a file: `path` names the record (its position and id) or the part of the file. */
export interface ImportIssue {
  path: string;
  message: string;
  /** A program's code for it (ErrorCodes), when it has one. */
  code?: string;
}

/** What a parser gives back: the records it understood and every problem, record by record. */
export interface ParseResult<T, H = Record<string, string>> {
  header: H;
  records: T[];
  /** The count the footer (ACES) or trailer (PIES) declares, when present. */
  declaredCount: number | null;
  errors: ImportIssue[];
}

export type XmlNode = Record<string, unknown>;

/** Elements that may repeat; always read as arrays so one record reads like many. */
const REPEATED = new Set(['App', 'Qual', 'param', 'Item', 'Description', 'Pricing', 'Price', 'ProductAttribute', 'Note']);

/** At most this many records (ACES `<App>`, PIES `<Item>`) in one file: a larger file is refused before any write. */
export const MAX_RECORDS = 100_000;
/** Nesting deeper than this is no Auto Care document: refused while reading. */
const MAX_DEPTH = 24;
/** The text is fed to the parser in slices of this size: memory follows one record, never the whole tree. */
const SLICE = 64 * 1024;

export interface DocumentSpec {
  /** The root element's name. */
  root: 'ACES' | 'PIES';
  /** Element names from the root to one record: ['App'] (ACES) or ['Items', 'Item'] (PIES). */
  record: string[];
  /** Checked when the root opens (its attributes) and when the header closes; a message refuses the file. */
  checkRoot?: (attributes: Record<string, string>) => string | null;
  checkHeader?: (header: XmlNode) => string | null;
  maxRecords?: number;
}

/** What the streaming reader keeps of a document besides its records: the root with its header and footer. */
export interface StreamedDocument {
  root: XmlNode;
  records: number;
}

class Stop extends Error {
  constructor(readonly issue: ImportIssue) {
    super(issue.message);
  }
}

const local = (name: string): string => name.slice(name.indexOf(':') + 1);

function attach(parent: XmlNode, name: string, value: unknown): void {
  const existing = parent[name];
  if (existing === undefined) parent[name] = REPEATED.has(name) ? [value] : value;
  else if (Array.isArray(existing)) existing.push(value);
  else parent[name] = [existing, value];
}

/**
 * Reads an Auto Care document as a stream of records (saxes, a SAX parser: no DTD expansion, so no external
 * entities): each record is handed to `onRecord` as soon as its element closes and is not kept in the tree,
 * so a file of 100,000 applications holds one application at a time. The header and footer stay on the
 * returned root. Malformed XML, the wrong root, a refused version, too many records or too deep a nesting
 * stop the reading with one Spanish issue.
 */
export function readDocument(
  xml: string,
  spec: DocumentSpec,
  onRecord: (node: XmlNode, position: number) => void,
): { doc: StreamedDocument } | { error: ImportIssue } {
  const parser = new SaxesParser({ position: true });
  const recordDepth = spec.record.length + 1;
  const maxRecords = spec.maxRecords ?? MAX_RECORDS;
  const stack: { name: string; node: XmlNode; text: string }[] = [];
  let root: XmlNode | null = null;
  let records = 0;
  let failure: ImportIssue | null = null;

  const onPath = (depth: number): boolean => stack.slice(1, depth).every((f, i) => f.name === spec.record[i]);
  const finish = (frame: (typeof stack)[number]): unknown => {
    const text = frame.text.trim();
    const keys = Object.keys(frame.node);
    if (keys.length === 0) return text;
    if (text) frame.node['#text'] = text;
    return frame.node;
  };

  parser.on('error', () => {
    throw new Stop({ path: 'xml', message: t('catalogImports.malformedXml', { line: parser.line, col: parser.column }) });
  });
  parser.on('opentag', (tag) => {
    const name = local(tag.name);
    if (stack.length === 0) {
      if (name !== spec.root)
        throw new Stop({ path: spec.root, message: t('catalogImports.wrongRoot', { kind: spec.root, root: spec.root }) });
    }
    if (stack.length >= MAX_DEPTH) throw new Stop({ path: name, message: t('catalogImports.tooDeep', { depth: MAX_DEPTH }) });
    const node: XmlNode = {};
    for (const [k, v] of Object.entries(tag.attributes)) {
      if (k === 'xmlns' || k.startsWith('xmlns:')) continue;
      node[`@_${local(k)}`] = String(v).trim();
    }
    if (stack.length === 0 && spec.checkRoot) {
      const refused = spec.checkRoot(attrs(node));
      if (refused) throw new Stop({ path: spec.root, message: refused });
    }
    stack.push({ name, node, text: '' });
  });
  parser.on('text', (text) => {
    const top = stack[stack.length - 1];
    if (top) top.text += text;
  });
  parser.on('cdata', (text) => {
    const top = stack[stack.length - 1];
    if (top) top.text += text;
  });
  parser.on('closetag', () => {
    const depth = stack.length;
    const frame = stack.pop()!;
    const value = finish(frame);
    if (depth === 1) {
      root = frame.node;
      return;
    }
    const parent = stack[stack.length - 1]!;
    if (depth === recordDepth && frame.name === spec.record[spec.record.length - 1] && onPath(depth - 1)) {
      records++;
      if (records > maxRecords) throw new Stop({ path: spec.root, message: t('catalogImports.tooManyRecords', { max: maxRecords }) });
      onRecord(typeof value === 'object' ? (value as XmlNode) : {}, records);
      return;
    }
    attach(parent.node, frame.name, value);
    if (depth === 2 && frame.name === 'Header' && spec.checkHeader) {
      const refused = spec.checkHeader(value as XmlNode);
      if (refused) throw new Stop({ path: 'Header', message: refused });
    }
  });

  try {
    for (let i = 0; i < xml.length; i += SLICE) parser.write(xml.slice(i, i + SLICE));
    parser.close();
  } catch (error) {
    if (error instanceof Stop) failure = error.issue;
    else throw error;
  }
  if (failure) return { error: failure };
  if (root === null) return { error: { path: spec.root, message: t('catalogImports.wrongRoot', { kind: spec.root, root: spec.root }) } };
  return { doc: { root, records } };
}

export function child(node: unknown, name: string): unknown {
  return node && typeof node === 'object' ? (node as XmlNode)[name] : undefined;
}

export function list(node: unknown, name: string): unknown[] {
  const v = child(node, name);
  if (v === undefined || v === null || v === '') return [];
  return Array.isArray(v) ? v : [v];
}

/** The text of an element (`<A>x</A>` or `<A attr="1">x</A>`), trimmed; '' when absent. */
export function text(node: unknown): string {
  if (node === undefined || node === null) return '';
  if (typeof node === 'string' || typeof node === 'number' || typeof node === 'boolean') return String(node).trim();
  if (Array.isArray(node)) return text(node[0]);
  if (typeof node === 'object') return text((node as XmlNode)['#text']);
  return '';
}

export function attr(node: unknown, name: string): string {
  const el = Array.isArray(node) ? (node[0] as unknown) : node;
  return text(child(el, `@_${name}`));
}

/** Attributes of an element without the parser's prefix. */
export function attrs(node: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (node && typeof node === 'object' && !Array.isArray(node)) {
    for (const [k, v] of Object.entries(node as XmlNode)) if (k.startsWith('@_')) out[k.slice(2)] = text(v);
  }
  return out;
}

/** Child elements with plain text content, as a flat name → text map (headers, trailers). */
export function textFields(node: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (node && typeof node === 'object' && !Array.isArray(node)) {
    for (const [k, v] of Object.entries(node as XmlNode)) if (!k.startsWith('@_') && k !== '#text') out[k] = text(v);
  }
  return out;
}

/** A positive whole number written in decimal, or null. */
export function positiveInt(value: string): number | null {
  if (!/^\d{1,9}$/.test(value)) return null;
  const n = Number(value);
  return n > 0 ? n : null;
}

/** The declared record count, checked against the records found. */
export function checkDeclaredCount(raw: string, found: number, path: string, errors: ImportIssue[]): number | null {
  if (raw === '') return null;
  if (!/^\d{1,9}$/.test(raw)) {
    errors.push({ path, message: t('catalogImports.badRecordCount', { value: raw }) });
    return null;
  }
  const declared = Number(raw);
  if (declared !== found) errors.push({ path, message: t('catalogImports.recordCountMismatch', { declared, found }) });
  return declared;
}
