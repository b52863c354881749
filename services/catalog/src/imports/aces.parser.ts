import { t } from '@tuerca/contracts';
import {
  attr,
  checkDeclaredCount,
  child,
  list,
  positiveInt,
  readDocument,
  text,
  textFields,
  type ImportIssue,
  type ParseResult,
  type XmlNode,
} from './xml.js';

/** ACES versions whose `<App>` this reader understands (3.x and 4.x share it); others are refused. */
export const ACES_VERSIONS = ['3.0', '3.1', '3.2', '4.0', '4.1', '4.2'] as const;

/** `<App>` children this reader maps onto the application; anything else is kept as an attribute and warned about. */
const MAPPED = new Set([
  'BaseVehicle',
  'EngineBase',
  'SubModel',
  'Qual',
  'Qty',
  'PartType',
  'Position',
  'Note',
  'Part',
  'MfrLabel',
  'DisplayOrder',
]);

/** A vehicle attribute of an application the reader does not filter by (EngineDesignation, BodyType, Region…), kept as read. */
export interface AcesAttribute {
  name: string;
  id: string | null;
  value: string | null;
}

export interface AcesQualifier {
  id: string;
  params: string[];
  text: string;
}

/** One `<App>` of an ACES file: a part applied to a base vehicle (action A) or the removal of an application (D). */
export interface AcesApplication {
  /** 1-based position of the `<App>` in the file. */
  position: number;
  appId: string;
  action: 'A' | 'D';
  baseVehicleId: number | null;
  engineBaseId: number | null;
  subModelId: number | null;
  qualifiers: AcesQualifier[];
  qty: number | null;
  partTypeId: number | null;
  positionId: number | null;
  note: string | null;
  partNumber: string;
  brandAaiaId: string | null;
  /** Attributes not mapped onto the application: stored with it, each one a warning of the import. */
  attributes: AcesAttribute[];
}

/** ACES header fields plus the source the applications belong to. */
export type AcesHeader = Record<string, string> & { source?: string };

/**
 * Whose applications these are: every ACES file numbers its `<App>` ids from 1, so an application is keyed by
 * (source, App id). The source is the header's brand (BrandAAIAID), else its manufacturer code, else the company.
 */
export function acesSource(header: Record<string, string>): string | null {
  const source = (header.BrandAAIAID || header.MfrCode || header.Company || '').trim().toUpperCase();
  return source ? source.slice(0, 120) : null;
}

function attributesOf(app: XmlNode): AcesAttribute[] {
  const out: AcesAttribute[] = [];
  for (const [name, value] of Object.entries(app)) {
    if (name.startsWith('@_') || name === '#text' || MAPPED.has(name)) continue;
    for (const element of Array.isArray(value) ? value : [value]) {
      out.push({ name, id: attr(element, 'id') || null, value: text(element) || null });
    }
  }
  return out;
}

export const acesPath = (position: number, id: string): string => (id ? `App[${position}] id=${id}` : `App[${position}]`);

/**
 * Reads an ACES (3.x–4.2) applications file as a stream (one `<App>` at a time): header (company, brand,
 * VCdb/PCdb/Qdb version dates), `<App>` records and the footer's `RecordCount`. Pure: no database, every problem
 * reported with the record's position and id, in Spanish; attributes it does not map come back as warnings.
 */
export function parseAces(
  xml: string,
  limits: { maxRecords?: number } = {},
): ParseResult<AcesApplication, AcesHeader> & { warnings: ImportIssue[] } {
  const errors: ImportIssue[] = [];
  const warnings: ImportIssue[] = [];
  const records: AcesApplication[] = [];
  const seen = new Set<string>();
  let header: AcesHeader = {};
  let headerBrand = '';

  const read = (app: XmlNode, position: number) => {
    const appId = attr(app, 'id');
    const path = acesPath(position, appId);
    const own: string[] = [];
    const action = attr(app, 'action').toUpperCase();
    if (!appId) own.push(t('catalogImports.missingAppId'));
    else if (seen.has(appId)) own.push(t('catalogImports.duplicateId', { id: appId }));
    if (appId) seen.add(appId);
    if (action !== 'A' && action !== 'D') own.push(t('catalogImports.unknownAction', { action: attr(app, 'action') }));

    const optionalId = (element: string): number | null => {
      const raw = attr(child(app, element), 'id');
      if (child(app, element) === undefined) return null;
      const n = positiveInt(raw);
      if (n === null && action === 'A') own.push(t('catalogImports.badId', { id: raw, element }));
      return n;
    };
    const baseVehicleId = positiveInt(attr(child(app, 'BaseVehicle'), 'id'));
    const engineBaseId = optionalId('EngineBase');
    const subModelId = optionalId('SubModel');
    const positionId = optionalId('Position');
    const partTypeId = positiveInt(attr(child(app, 'PartType'), 'id'));
    const qtyText = text(child(app, 'Qty'));
    const qty = positiveInt(qtyText);
    const part = child(app, 'Part');
    const partNumber = text(part);
    const brandAaiaId = attr(part, 'BrandAAIAID') || headerBrand || null;
    const notes = list(app, 'Note').map(text).filter(Boolean);
    const qualifiers = list(app, 'Qual').map((q) => ({
      id: attr(q, 'id'),
      params: list(q, 'param').map((p) => attr(p, 'value')),
      text: text(child(q, 'text')),
    }));

    // A deletion names the application by id; everything else is required only to add one.
    if (action === 'A') {
      if (baseVehicleId === null) own.push(t('catalogImports.missingBaseVehicle'));
      if (qty === null) own.push(t('catalogImports.badQty', { qty: qtyText }));
      if (partTypeId === null) own.push(t('catalogImports.missingPartType'));
      if (!partNumber) own.push(t('catalogImports.missingPart'));
      else if (!brandAaiaId) own.push(t('catalogImports.missingBrand'));
    }
    for (const message of own) errors.push({ path, message });
    const attributes = action === 'A' ? attributesOf(app) : [];
    for (const a of attributes) {
      const attribute = a.id ? `${a.name} (id ${a.id})` : a.value ? `${a.name} (${a.value})` : a.name;
      warnings.push({ path, message: t('catalogImports.unmappedAttribute', { attribute }) });
    }
    records.push({
      position,
      appId,
      action: action === 'D' ? 'D' : 'A',
      baseVehicleId,
      engineBaseId,
      subModelId,
      qualifiers,
      qty,
      partTypeId,
      positionId,
      note: notes.length ? notes.join('; ') : null,
      partNumber,
      brandAaiaId,
      attributes,
    });
  };

  const opened = readDocument(
    xml,
    {
      root: 'ACES',
      record: ['App'],
      maxRecords: limits.maxRecords,
      // ACES §Document: the root carries the version (`<ACES version="4.2">`).
      checkRoot: (rootAttrs) => {
        const version = rootAttrs.version ?? '';
        if (!version) return t('catalogImports.versionMissing', { kind: 'ACES', where: 'atributo version de <ACES>' });
        return (ACES_VERSIONS as readonly string[]).includes(version)
          ? null
          : t('catalogImports.versionRefused', { kind: 'ACES', version, supported: ACES_VERSIONS.join(', ') });
      },
      checkHeader: (node) => {
        header = textFields(node);
        headerBrand = header.BrandAAIAID ?? '';
        const source = acesSource(header);
        if (!source) return t('catalogImports.missingSource');
        header.source = source;
        return null;
      },
    },
    read,
  );
  if ('error' in opened) return { header: {}, records: [], declaredCount: null, errors: [opened.error], warnings: [] };
  if (!header.source) {
    // A file without a <Header> element: nothing names whose applications they are.
    return {
      header: {},
      records: [],
      declaredCount: null,
      errors: [{ path: 'Header', message: t('catalogImports.missingSource') }],
      warnings: [],
    };
  }
  if (records.length === 0) errors.push({ path: 'ACES', message: t('catalogImports.noRecords') });
  const declaredCount = checkDeclaredCount(
    text(child(child(opened.doc.root, 'Footer'), 'RecordCount')),
    records.length,
    'Footer.RecordCount',
    errors,
  );
  return { header, records, declaredCount, errors, warnings };
}
