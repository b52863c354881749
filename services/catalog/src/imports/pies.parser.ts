import { t } from '@tuerca/contracts';
import {
  attr,
  attrs,
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

/** One `<Item>` of a PIES 7.2 file: the product information of a brand's part number. */
export interface PiesItem {
  position: number;
  /** A (add), C (change) — both upsert — or D (delete). */
  action: 'A' | 'C' | 'D';
  partNumber: string;
  brandAaiaId: string;
  partTerminologyId: number | null;
  descriptions: PiesDescription[];
  prices: PiesPrice[];
  attributes: PiesAttribute[];
}

export const piesPath = (position: number, partNumber: string): string =>
  partNumber ? `Item[${position}] ${partNumber}` : `Item[${position}]`;

const AMOUNT = /^\d{1,12}(\.\d{1,4})?$/;

/**
 * Reads a PIES 7.2 product-information file: header, `<Items><Item>` (PartNumber, BrandAAIAID,
 * PartTerminologyID, Descriptions, Prices, ProductAttributes) and the trailer's `ItemCount`.
 * Pure: every problem reported with the item's position and part number, in Spanish.
 */
export function parsePies(xml: string): ParseResult<PiesItem> {
  const opened = openDocument(xml, 'PIES');
  if ('error' in opened) return { header: {}, records: [], declaredCount: null, errors: [opened.error] };
  const root = opened.root;
  const header = textFields(child(root, 'Header'));
  const headerCurrency = header.CurrencyCode ?? '';
  const errors: ImportIssue[] = [];
  const records: PiesItem[] = [];
  const seen = new Set<string>();

  list(child(root, 'Items'), 'Item').forEach((item, index) => {
    const position = index + 1;
    const partNumber = text(child(item, 'PartNumber'));
    const brandAaiaId = text(child(item, 'BrandAAIAID')) || header.BrandOwnerAAIAID || '';
    const path = piesPath(position, partNumber);
    const own: string[] = [];
    const rawAction = attr(item, 'MaintenanceType');
    const action = (rawAction || 'A').toUpperCase();
    if (action !== 'A' && action !== 'C' && action !== 'D') own.push(t('catalogImports.unknownMaintenanceType', { action: rawAction }));
    if (!partNumber) own.push(t('catalogImports.missingPartNumber'));
    if (!brandAaiaId) own.push(t('catalogImports.missingBrand'));
    const key = `${brandAaiaId}|${partNumber}`;
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

    for (const message of own) errors.push({ path, message });
    records.push({
      position,
      action: action === 'C' || action === 'D' ? action : 'A',
      partNumber,
      brandAaiaId,
      partTerminologyId,
      descriptions,
      prices,
      attributes,
    });
  });

  if (records.length === 0) errors.push({ path: 'PIES', message: t('catalogImports.noRecords') });
  const declaredCount = checkDeclaredCount(text(child(child(root, 'Trailer'), 'ItemCount')), records.length, 'Trailer.ItemCount', errors);
  return { header, records, declaredCount, errors };
}
