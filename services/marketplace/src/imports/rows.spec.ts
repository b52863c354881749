import { describe, expect, it } from '@jest/globals';
import { COLUMNS, mapHeader, normalizeHeader } from './columns.js';
import { convertCell, parseNumber, validateSheet } from './rows.js';
import { issueText, SpreadsheetError, type SheetRow } from './spreadsheet.js';
import { templateCsv } from './template.js';
import { readCsv as parseCsv } from './csv.reader.js';

const sheet = (...rows: string[][]): SheetRow[] => rows.map((cells, i) => ({ row: i + 1, cells }));
const HEADER = ['Número de parte', 'Marca', 'Título', 'Inventario', 'Precio'];
const spec = (field: string) => COLUMNS.find((c) => c.field === field)!;

async function refusal(rows: SheetRow[]): Promise<string> {
  try {
    await validateSheet(rows);
  } catch (error) {
    if (error instanceof SpreadsheetError) return error.message;
    throw error;
  }
  return 'ok';
}

describe('spreadsheet header', () => {
  it('maps Spanish labels and the spec field names, ignoring case, accents, spacing, * and (…)', () => {
    const header = mapHeader({
      row: 1,
      cells: [
        'NUMERO DE PARTE*',
        'marca',
        'Producto',
        'Stock',
        'Precio (COP)',
        'referencia_2',
        'Referencia  3',
        'actualprice2',
        'Descripcion',
        'Imagenes',
        'CANTIDAD MÁXIMA COTIZACIÓN',
        'Costo',
      ],
    });
    expect(Object.fromEntries(header.columns.map((c) => [c.header, c.spec.field]))).toEqual({
      'NUMERO DE PARTE*': 'referencia_1',
      marca: 'manufacturer_title',
      Producto: 'title',
      Stock: 'inventario',
      'Precio (COP)': 'actualPrice',
      referencia_2: 'referencia_2',
      'Referencia  3': 'referencia_3',
      Descripcion: 'descripcion',
      Imagenes: 'imagesURLs',
      'CANTIDAD MÁXIMA COTIZACIÓN': 'quotationMaxQuantity',
    });
    expect(header.ignored).toEqual(['actualprice2', 'Costo']);
    expect(normalizeHeader(' Tiempo_de_entrega ')).toBe('tiempo de entrega');
    expect(mapHeader({ row: 1, cells: COLUMNS.map((c) => c.field) }).columns.map((c) => c.spec)).toEqual(COLUMNS);
  });

  it('refuses a file without the required columns with one message naming them, and a field given twice', async () => {
    expect(await refusal(sheet(['Referencia 1', 'Título', 'Stock'], ['A', 'B', '1']))).toBe('Faltan columnas obligatorias: Marca, Precio.');
    expect(await refusal(sheet([...HEADER, 'Referencia 1'], ['A', 'B', 'C', '1', '2', 'D']))).toBe(
      'La columna Número de parte aparece más de una vez (columnas A y F).',
    );
    expect(await refusal([])).toBe('El archivo no tiene fila de encabezados.');
    expect(await refusal(sheet(HEADER))).toBe('El archivo no tiene productos para importar.');
  });
});

describe('spreadsheet cells', () => {
  it('reads numbers as Colombian and Mexican sellers write them', () => {
    expect(parseNumber('125000')).toBe(125000);
    expect(parseNumber('$ 1.234.567,50')).toBe(1234567.5);
    expect(parseNumber('1,234,567.50')).toBe(1234567.5);
    expect(parseNumber('1.500')).toBe(1500);
    expect(parseNumber('12,5')).toBe(12.5);
    expect(parseNumber('12.5')).toBe(12.5);
    expect(parseNumber('125000 COP')).toBe(125000);
    expect(parseNumber('1.2.3,4,5')).toBeNaN();
    expect(parseNumber('diez')).toBeNaN();
  });

  it('reads yes/no, sale models by number or name, cart or favourites and image lists', () => {
    expect(convertCell(spec('hidePrices'), 'Sí')).toEqual({ value: true });
    expect(convertCell(spec('hidePrices'), 'no')).toEqual({ value: false });
    expect(convertCell(spec('hidePrices'), 'quizás')).toEqual({ error: 'Escribe Sí o No' });
    expect(convertCell(spec('salesModel'), 'Cotización')).toEqual({ value: 3 });
    expect(convertCell(spec('salesModel'), '2')).toEqual({ value: 2 });
    expect(convertCell(spec('salesModel'), 'venta')).toEqual({ value: 1 });
    expect(convertCell(spec('salesModel'), 'subasta')).toEqual({
      error: 'Modelo de venta inválido: usa 1 (venta), 2 (pedido) o 3 (cotización)',
    });
    expect(convertCell(spec('cartTypeBySaleModel'), 'Favoritos')).toEqual({ value: 'favorites' });
    expect(convertCell(spec('imagesURLs'), 'https://a.co/1.jpg | https://a.co/2.jpg https://a.co/3.jpg')).toEqual({
      value: ['https://a.co/1.jpg', 'https://a.co/2.jpg', 'https://a.co/3.jpg'],
    });
    expect(convertCell(spec('referencia_2'), '  ')).toEqual({ value: null });
    expect(convertCell(spec('descripcion'), '')).toBeNull();
    expect(convertCell(spec('inventario'), '')).toEqual({ error: 'Este campo es obligatorio' });
  });
});

describe('spreadsheet validation', () => {
  it('turns clean rows into products, with the defaults of the product form', async () => {
    const result = await validateSheet(
      sheet(
        [...HEADER, 'Modelo de venta', 'Imágenes', 'Costo'],
        ['BP-1001', 'Bosch', 'Pastillas', '10', '125.000', 'cotización', 'https://img.co/1.jpg', '9'],
        ['F-26', 'Mann', 'Filtro', '0', '45000,5', '', '', ''],
      ),
    );
    expect(result.issues).toEqual([]);
    expect(result.rowCount).toBe(2);
    expect(result.ignoredColumns).toEqual(['Costo']);
    expect(result.rows[0]).toEqual({
      row: 2,
      input: expect.objectContaining({
        referencia_1: 'BP-1001',
        inventario: 10,
        actualPrice: 125000,
        salesModel: 3,
        imagesURLs: ['https://img.co/1.jpg'],
      }),
    });
    expect(result.rows[1]!.input).toMatchObject({
      salesModel: 1,
      cartTypeBySaleModel: 'cart',
      actualPrice: 45000.5,
      referencia_2: null,
      remainingTime: 24,
    });
  });

  it("reports every problem as 'Fila N, columna X: …', in column order, and duplicates in the file at each repetition", async () => {
    const result = await validateSheet(
      sheet(
        [...HEADER, 'Ocultar precio', 'Imágenes'],
        ['BP-1', 'Bosch', 'Pastillas', '10', '100', 'no', ''],
        ['', 'Bosch', '', 'diez', '-5', 'tal vez', 'no-es-url'],
        ['bp 1', 'BOSCH', 'Pastillas otra vez', '1,5', '100', '', ''],
        ['BP-3', 'NGK', 'Bujía', '3', '7', '', ''],
      ),
      undefined,
    );
    expect(result.rows).toEqual([]);
    expect(result.issues.map(issueText)).toEqual([
      'Fila 3, columna Número de parte: Este campo es obligatorio',
      'Fila 3, columna Título: Este campo es obligatorio',
      'Fila 3, columna Inventario: Debe ser un número',
      'Fila 3, columna Precio: Debe ser mayor o igual a 0',
      'Fila 3, columna Ocultar precio: Escribe Sí o No',
      'Fila 3, columna Imágenes: URL inválida',
      'Fila 4, columna Inventario: Debe ser un número entero',
      'Fila 4, columna Número de parte: El número de parte bp 1 de la marca BOSCH ya aparece en la fila 2',
    ]);
    expect(result.rowCount).toBe(4);
  });

  it('reports progress every N rows', async () => {
    const body = Array.from({ length: 25 }, (_, i) => [`R-${i}`, 'Bosch', 'Filtro', '1', '1']);
    const seen: number[] = [];
    await validateSheet(sheet(HEADER, ...body), (done) => void seen.push(done), 10);
    expect(seen).toEqual([10, 20]);
  });

  it('the template reads back as a clean file with every column', async () => {
    const rows = await parseCsv(new TextEncoder().encode(templateCsv()));
    expect(rows[0]!.cells).toEqual(COLUMNS.map((c) => c.label));
    const result = await validateSheet(rows);
    expect(result.issues).toEqual([]);
    expect(result.fields).toHaveLength(COLUMNS.length);
    expect(result.rows[0]!.input).toMatchObject({ referencia_1: 'BP-1001', manufacturer_title: 'Bosch', salesModel: 1, hidePrices: false });
  });
});
