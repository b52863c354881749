import { t, csvCell } from '@tuerca/contracts';
import { COLUMNS } from './columns.js';

const EXAMPLE: Record<string, string> = {
  referencia_1: 'BP-1001',
  referencia_2: '0 986 494 001',
  referencia_3: '',
  manufacturer_title: 'Bosch',
  title: t('productImports.templateExample'),
  descripcion: t('productImports.templateExampleDescription'),
  observaciones: '',
  inventario: '10',
  actualPrice: '125000',
  hidePrices: 'No',
  tiempos_de_entrega: '24 horas',
  minimum_order_quantity: '1',
  salesModel: 'venta',
  cartTypeBySaleModel: 'carrito',
  quotationMaxQuantity: '',
  remainingTime: '24',
  category: 'Frenos',
  imagesURLs: 'https://www.ejemplo.com/bp-1001-1.jpg|https://www.ejemplo.com/bp-1001-2.jpg',
};

/**
 * The import template: the Spanish headers and one example product, ';'-separated with a UTF-8 BOM so
 * Excel in Spanish opens it in columns with its accents (the importer reads ',' files too).
 */
export function templateCsv(): string {
  const header = COLUMNS.map((c) => csvCell(c.label)).join(';');
  const example = COLUMNS.map((c) => csvCell(EXAMPLE[c.field] ?? '')).join(';');
  return `\uFEFF${header}\r\n${example}\r\n`;
}
