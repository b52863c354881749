import { t } from '@tuerca/contracts';
import {
  attr,
  attrs,
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

/** PIES versions whose `Item` this reader understands; a 6.5 file (other element names) is refused, not misread. */
export const PIES_VERSIONS = ['7.1', '7.2'] as const;

export interface PiesDescription {
  code: string;
  language: string;
  text: string;
}

export interface PiesPrice {
  type: string;
  currency: string;
  uom: string;
  amount: number;
}

export interface PiesAttribute {
  id: string;
  text: string;
  uom?: string;
}

/**
 * One part number of the Item's interchange segment (`<PartInterchangeInfo><PartInterchange
 * BrandAAIAID BrandLabel MaintenanceType ...><PartNumber InterchangeQuantity UOM ...>`): another
 * brand's number (an OEM number, or a competitor's) that the Item can be used for.
 */
export interface PiesInterchange {
  /** A (add), C (change) — both add — or D (delete) the interchange. */
  action: 'A' | 'C' | 'D';
  brandAaiaId: string;
  brandLabel: string;
  partNumber: string;
  /** How many of the Item replace one of the interchanged part (`InterchangeQuantity`), when given. */
  quantity: number | null;
  uom: string;
  qualityGradeLevel: string;
}

/** One `<Item>` of a PIES 7.2 file: the product information of a brand's part number. */
export interface PiesItem {
  position: number;
  /** A (add), C (change) — both upsert — or D (delete). */
  action: 'A' | 'C' | 'D';
  partNumber: string;
  brandAaiaId: string;
  /** The Item's brand as people read it (`BrandLabel`), else its AAIA brand id. */
  brandLabel: string;
  /** Whether the Item names its `BrandLabel` (a store's label that its brand mappings may resolve). */
  labelGiven: boolean;
  partTerminologyId: number | null;
  descriptions: PiesDescription[];
  prices: PiesPrice[];
  attributes: PiesAttribute[];
  interchanges: PiesInterchange[];
}

export const piesPath = (position: number, partNumber: string): string =>
  partNumber ? `Item[${position}] ${partNumber}` : `Item[${position}]`;

const AMOUNT = /^\d{1,12}(\.\d{1,4})?$/;
const QUANTITY = /^\d{1,6}(\.\d{1,4})?$/;

/** The Item's interchange segment, each problem pushed to `own` in Spanish. */
function interchangesOf(item: unknown, own: string[]): PiesInterchange[] {
  const out: PiesInterchange[] = [];
  for (const group of list(child(item, 'PartInterchangeInfo'), 'PartInterchange')) {
    const brandAaiaId = attr(group, 'BrandAAIAID');
    const brandLabel = attr(group, 'BrandLabel');
    const rawAction = attr(group, 'MaintenanceType');
    const action = (rawAction || 'A').toUpperCase();
    const numbers = list(group, 'PartNumber');
    if (numbers.length === 0) own.push(t('crossReferences.interchangeMissingPart', { brand: brandLabel || brandAaiaId || '?' }));
    for (const number of numbers) {
      const partNumber = text(number);
      if (!partNumber) {
        own.push(t('crossReferences.interchangeMissingPart', { brand: brandLabel || brandAaiaId || '?' }));
        continue;
      }
      if (action !== 'A' && action !== 'C' && action !== 'D') {
        own.push(t('crossReferences.interchangeBadAction', { action: rawAction, part: partNumber }));
        continue;
      }
      const rawQuantity = attr(number, 'InterchangeQuantity');
      if (rawQuantity && (!QUANTITY.test(rawQuantity) || Number(rawQuantity) === 0)) {
        own.push(t('crossReferences.interchangeBadQuantity', { quantity: rawQuantity, part: partNumber }));
        continue;
      }
      out.push({
        action: action as PiesInterchange['action'],
        brandAaiaId,
        brandLabel,
        partNumber,
        quantity: rawQuantity ? Number(rawQuantity) : null,
        uom: attr(number, 'UOM'),
        qualityGradeLevel: attr(group, 'QualityGradeLevel'),
      });
    }
  }
  return out;
}

/**
 * Reads a PIES (7.1, 7.2) product-information file as a stream (one `Item` at a time): header, `<Items><Item>` (PartNumber, BrandAAIAID,
 * BrandLabel, PartTerminologyID, Descriptions, Prices, ProductAttributes, PartInterchangeInfo) and the
 * trailer's `ItemCount`. A deleted Item's interchanges are not read.
 * Pure: every problem reported with the item's position and part number, in Spanish. `brandFromLabel`: a
 * store's file, whose items may name only their `BrandLabel`.
 */
export function parsePies(xml: string, options: { brandFromLabel?: boolean } = {}): ParseResult<PiesItem> {
  let header: Record<string, string> = {};
  let headerCurrency = '';
  const errors: ImportIssue[] = [];
  const records: PiesItem[] = [];
  const seen = new Set<string>();

  const read = (item: XmlNode, position: number) => {
    const partNumber = text(child(item, 'PartNumber'));
    const brandAaiaId = text(child(item, 'BrandAAIAID')) || header.BrandOwnerAAIAID || '';
    const ownLabel = text(child(item, 'BrandLabel'));
    const brandLabel = ownLabel || brandAaiaId;
    const path = piesPath(position, partNumber);
    const own: string[] = [];
    const rawAction = attr(item, 'MaintenanceType');
    const action = (rawAction || 'A').toUpperCase();
    if (action !== 'A' && action !== 'C' && action !== 'D') own.push(t('catalogImports.unknownMaintenanceType', { action: rawAction }));
    if (!partNumber) own.push(t('catalogImports.missingPartNumber'));
    // A store's file may name only its own label: its brand mapping gives the AAIA id (checked by the import).
    if (!brandAaiaId && !(options.brandFromLabel && ownLabel)) own.push(t('catalogImports.missingBrand'));
    const key = `${brandAaiaId || ownLabel}|${partNumber}`;
    if (partNumber && seen.has(key)) own.push(t('catalogImports.duplicateId', { id: partNumber }));
    seen.add(key);

    const partTerminologyId = positiveInt(text(child(item, 'PartTerminologyID')));
    const descriptions = list(child(item, 'Descriptions'), 'Description').map((d) => ({
      code: attr(d, 'DescriptionCode'),
      language: attr(d, 'LanguageCode'),
      text: text(d),
    }));
    const prices: PiesPrice[] = [];
    for (const pricing of list(child(item, 'Prices'), 'Pricing')) {
      for (const price of list(pricing, 'Price')) {
        const raw = text(price);
        if (!AMOUNT.test(raw)) {
          if (action !== 'D') own.push(t('catalogImports.badPrice', { price: raw }));
          continue;
        }
        prices.push({
          type: attr(pricing, 'PriceType'),
          currency: text(child(pricing, 'CurrencyCode')) || headerCurrency,
          uom: attr(price, 'UOM'),
          amount: Number(raw),
        });
      }
    }
    const attributes = list(child(item, 'ProductAttributes'), 'ProductAttribute').map((a) => {
      const all = attrs(a);
      return { id: all.AttributeID ?? '', text: text(a), ...(all.AttributeUOM ? { uom: all.AttributeUOM } : {}) };
    });
    if (action !== 'D' && partTerminologyId === null) own.push(t('catalogImports.badPartTerminology'));
    const interchanges = action === 'D' ? [] : interchangesOf(item, own);

    for (const message of own) errors.push({ path, message });
    records.push({
      position,
      action: action === 'C' || action === 'D' ? action : 'A',
      partNumber,
      brandAaiaId,
      brandLabel,
      labelGiven: ownLabel !== '',
      partTerminologyId,
      descriptions,
      prices,
      attributes,
      interchanges,
    });
  };

  const opened = readDocument(
    xml,
    {
      root: 'PIES',
      record: ['Items', 'Item'],
      // PIES §Header: PIESVersion names the version the file follows.
      checkHeader: (node) => {
        header = textFields(node);
        headerCurrency = header.CurrencyCode ?? '';
        const version = header.PIESVersion ?? '';
        if (!version) return t('catalogImports.versionMissing', { kind: 'PIES', where: 'Header/PIESVersion' });
        return (PIES_VERSIONS as readonly string[]).includes(version)
          ? null
          : t('catalogImports.versionRefused', { kind: 'PIES', version, supported: PIES_VERSIONS.join(', ') });
      },
    },
    read,
  );
  if ('error' in opened) return { header: {}, records: [], declaredCount: null, errors: [opened.error] };
  if (!header.PIESVersion)
    return {
      header: {},
      records: [],
      declaredCount: null,
      errors: [{ path: 'Header', message: t('catalogImports.versionMissing', { kind: 'PIES', where: 'Header/PIESVersion' }) }],
    };
  if (records.length === 0) errors.push({ path: 'PIES', message: t('catalogImports.noRecords') });
  const declaredCount = checkDeclaredCount(
    text(child(child(opened.doc.root, 'Trailer'), 'ItemCount')),
    records.length,
    'Trailer.ItemCount',
    errors,
  );
  return { header, records, declaredCount, errors };
}
