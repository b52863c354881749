import { t } from '@tuerca/contracts';
import {
  attr,
  checkDeclaredCount,
  child,
  list,
  openDocument,
  positiveInt,
  text,
  textFields,
  type ImportIssue,
  type ParseResult,
} from './xml.js';

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
}

export const acesPath = (position: number, id: string): string => (id ? `App[${position}] id=${id}` : `App[${position}]`);

/**
 * Reads an ACES (4.x) applications file: header (company, brand, VCdb/PCdb/Qdb version dates),
 * `<App>` records and the footer's `RecordCount`. Pure: no database, every problem reported with
 * the record's position and id, in Spanish.
 */
export function parseAces(xml: string): ParseResult<AcesApplication> {
  const opened = openDocument(xml, 'ACES');
  if ('error' in opened) return { header: {}, records: [], declaredCount: null, errors: [opened.error] };
  const root = opened.root;
  const header = textFields(child(root, 'Header'));
  const headerBrand = header.BrandAAIAID ?? '';
  const errors: ImportIssue[] = [];
  const records: AcesApplication[] = [];
  const seen = new Set<string>();

  list(root, 'App').forEach((app, index) => {
    const position = index + 1;
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
    });
  });

  if (records.length === 0) errors.push({ path: 'ACES', message: t('catalogImports.noRecords') });
  const declaredCount = checkDeclaredCount(text(child(child(root, 'Footer'), 'RecordCount')), records.length, 'Footer.RecordCount', errors);
  return { header, records, declaredCount, errors };
}
