import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { t } from '@tuerca/contracts';

/** One problem found in a file: `path` names the record (its position and id) or the part of the file. */
export interface ImportIssue {
  path: string;
  message: string;
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

/** Elements that may repeat; always parsed as arrays so one record reads like many. */
const REPEATED = new Set(['App', 'Qual', 'param', 'Item', 'Description', 'Pricing', 'Price', 'ProductAttribute', 'Note']);

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  textNodeName: '#text',
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  processEntities: true,
  isArray: (name) => REPEATED.has(name),
});

/** Parses a whole document, or answers the single Spanish error of a malformed one. */
export function parseXml(xml: string): { doc: XmlNode } | { error: ImportIssue } {
  const valid = XMLValidator.validate(xml);
  if (valid !== true) {
    return { error: { path: 'xml', message: t('catalogImports.malformedXml', { line: valid.err.line, col: valid.err.col }) } };
  }
  try {
    return { doc: parser.parse(xml) as XmlNode };
  } catch {
    return { error: { path: 'xml', message: t('catalogImports.malformedXml', { line: 0, col: 0 }) } };
  }
}

/**
 * Parses a document and finds its root element, or explains in Spanish why it cannot: the shared
 * first step of the ACES and PIES readers.
 */
export function openDocument(xml: string, root: 'ACES' | 'PIES'): { root: XmlNode } | { error: ImportIssue } {
  const parsed = parseXml(xml);
  if ('error' in parsed) return parsed;
  const node = child(parsed.doc, root);
  if (node === undefined || typeof node !== 'object' || node === null)
    return { error: { path: root, message: t('catalogImports.wrongRoot', { kind: root, root }) } };
  return { root: node as XmlNode };
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
