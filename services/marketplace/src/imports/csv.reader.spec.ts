import { describe, expect, it } from '@jest/globals';
import { decodeText, detectDelimiter, readCsv as parseCsv } from './csv.reader.js';
import { MAX_FILE_BYTES, MAX_ROWS, MAX_SHEET_ROWS, SpreadsheetError } from './spreadsheet.js';

const utf8 = (text: string) => new TextEncoder().encode(text);

async function errorOf(fn: () => Promise<unknown>): Promise<string> {
  try {
    await fn();
  } catch (error) {
    if (error instanceof SpreadsheetError) return error.message;
    throw error;
  }
  throw new Error('expected a SpreadsheetError');
}

describe('CSV parser', () => {
  it('reads comma-separated rows with quoted fields (commas, quotes and line breaks inside)', async () => {
    const rows = await parseCsv(
      utf8('Número de parte,Título,Precio\nBP-1,"Pastillas, delanteras","1.234,50"\nBP-2,"Disco ""ventilado""\n280 mm",99\n'),
    );
    expect(rows).toEqual([
      { row: 1, cells: ['Número de parte', 'Título', 'Precio'] },
      { row: 2, cells: ['BP-1', 'Pastillas, delanteras', '1.234,50'] },
      { row: 3, cells: ['BP-2', 'Disco "ventilado"\n280 mm', '99'] },
    ]);
  });

  it("detects ';' (Excel in Spanish) and tabs, counting only outside quotes", async () => {
    expect(detectDelimiter('a;b;c\n1,5;2;3')).toBe(';');
    expect(detectDelimiter('"a;b;c",d,e\n')).toBe(',');
    expect(detectDelimiter('a\tb\tc\n')).toBe('\t');
    expect(detectDelimiter('\n\nsolo\n')).toBe(',');
    expect(await parseCsv(utf8('Marca;Precio\nBosch;125.000\n'))).toEqual([
      { row: 1, cells: ['Marca', 'Precio'] },
      { row: 2, cells: ['Bosch', '125.000'] },
    ]);
  });

  it('drops a UTF-8 BOM and reads Windows-1252 files (Excel "CSV delimitado por comas")', async () => {
    expect((await parseCsv(new Uint8Array([0xef, 0xbb, 0xbf, ...utf8('Categoría;Marca\nFrenos;Bosch')])))[0]!.cells).toEqual([
      'Categoría',
      'Marca',
    ]);
    expect(decodeText(new Uint8Array([0x43, 0x61, 0x74, 0x65, 0x67, 0x6f, 0x72, 0xed, 0x61]))).toBe('Categoría');
    const utf16 = new Uint8Array([0xff, 0xfe, ...Array.from('Año').flatMap((c) => [c.charCodeAt(0), 0])]);
    expect(decodeText(utf16)).toBe('Año');
  });

  it('keeps row numbers as a spreadsheet shows them, leaving blank rows out', async () => {
    const rows = await parseCsv(utf8('Marca,Precio\r\n\r\nBosch,1\r\n ,  \r\nNGK,2\r\n'));
    expect(rows.map((r) => r.row)).toEqual([1, 3, 5]);
  });

  it('answers an unclosed quote in Spanish with its row', async () => {
    expect(await errorOf(() => parseCsv(utf8('Marca,Precio\nBosch,1\n"NGK,2\n')))).toBe(
      'No se pudo leer el archivo CSV (fila 3): revisa las comillas y los separadores.',
    );
  });

  it('refuses empty files, files over 10 MB and more than 50,000 product rows', async () => {
    expect(await errorOf(() => parseCsv(new Uint8Array()))).toBe('El archivo está vacío.');
    expect(await errorOf(() => parseCsv(new Uint8Array(MAX_FILE_BYTES + 1).fill(0x41)))).toBe(
      'El archivo pesa 10.0 MB: el máximo es 10 MB. Divídelo en varios archivos.',
    );
    const many = `Marca\n${'x\n'.repeat(MAX_ROWS + 1)}`;
    expect(await errorOf(() => parseCsv(utf8(many)))).toBe(
      'El archivo tiene 50.001 filas de productos: el máximo es 50000. Divídelo en varios archivos.',
    );
    expect(await parseCsv(utf8(`Marca\n${'x\n'.repeat(MAX_ROWS)}`))).toHaveLength(MAX_ROWS + 1);
  });

  it('stops reading a file of blank rows past the row cap, in Spanish', async () => {
    const blank = `Marca,Precio\n${',\n'.repeat(MAX_SHEET_ROWS)}`;
    expect(await errorOf(() => parseCsv(utf8(blank)))).toBe(
      'El archivo tiene más de 100.000 filas (contando las vacías): divídelo en varios archivos.',
    );
  });
});
