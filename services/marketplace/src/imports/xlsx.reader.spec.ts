import { describe, expect, it } from '@jest/globals';
import ExcelJS from 'exceljs';
import { strToU8, zipSync } from 'fflate';
import { cellText, dateText, numberText, readXlsx } from './xlsx.reader.js';
import { unpackXlsx as measureXlsx } from './xlsx.guard.js';
import { MAX_ROWS, MAX_SHEET_ROWS, MAX_UNPACKED_BYTES, SpreadsheetError } from './spreadsheet.js';

const NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

/**
 * A workbook as Excel lays it out: the sheets named in workbook.xml (tab order), found through its
 * relationships, their parts numbered in the order they were created, shared strings after the sheets.
 */
function workbook(
  sheetData: string,
  opts: { shared?: string[]; styles?: string; sheets?: [string, string][]; date1904?: boolean } = {},
): Uint8Array {
  const sheets = opts.sheets ?? [['Productos', sheetData]];
  const files: Record<string, Uint8Array> = {
    '[Content_Types].xml': strToU8('<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>'),
    'xl/workbook.xml': strToU8(
      `<?xml version="1.0"?><workbook xmlns="${NS}" xmlns:r="${REL}">${opts.date1904 ? '<workbookPr date1904="1"/>' : ''}<sheets>` +
        sheets.map(([name], i) => `<sheet name="${name}" sheetId="${i + 1}" r:id="rId${i + 7}"/>`).join('') +
        '</sheets></workbook>',
    ),
    'xl/_rels/workbook.xml.rels': strToU8(
      `<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
        sheets
          .map((_, i) => `<Relationship Id="rId${i + 7}" Type="${REL}/worksheet" Target="worksheets/sheet${sheets.length - i}.xml"/>`)
          .join('') +
        '</Relationships>',
    ),
  };
  sheets.forEach(([, data], i) => {
    files[`xl/worksheets/sheet${sheets.length - i}.xml`] = strToU8(
      `<?xml version="1.0"?><worksheet xmlns="${NS}"><sheetData>${data}</sheetData></worksheet>`,
    );
  });
  if (opts.styles) files['xl/styles.xml'] = strToU8(`<?xml version="1.0"?><styleSheet xmlns="${NS}">${opts.styles}</styleSheet>`);
  if (opts.shared)
    files['xl/sharedStrings.xml'] = strToU8(
      `<?xml version="1.0"?><sst xmlns="${NS}" count="${opts.shared.length}">${opts.shared.map((s) => `<si>${s}</si>`).join('')}</sst>`,
    );
  return zipSync(files);
}

async function message(bytes: Uint8Array): Promise<string> {
  try {
    await readXlsx(bytes);
  } catch (error) {
    if (error instanceof SpreadsheetError) return error.message;
    throw error;
  }
  return 'ok';
}

describe('XLSX reader (ExcelJS, streaming)', () => {
  it('reads the first sheet: shared strings (plain and rich), inline strings, numbers, booleans and formula results', async () => {
    const data =
      '<row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>1</v></c><c r="C1" t="inlineStr"><is><t>Precio</t></is></c><c r="D1" t="s"><v>2</v></c></row>' +
      '<row r="2"><c r="A2" t="s"><v>3</v></c><c r="B2" t="s"><v>4</v></c><c r="C2"><v>125000.5</v></c><c r="D2" t="b"><v>1</v></c></row>' +
      '<row r="3"><c r="A3" t="str"><f>UPPER("bp-2")</f><v>BP-2</v></c><c r="C3"><v>0.30000000000000004</v></c><c r="D3" t="e"><v>#N/A</v></c></row>';
    const rows = await readXlsx(
      workbook(data, {
        shared: [
          '<t>Número de parte</t>',
          '<r><t>Tít</t></r><r><t>ulo</t></r><rPh><t>ignorar</t></rPh>',
          '<t>Ocultar precio</t>',
          '<t xml:space="preserve"> 0986 </t>',
          '<r><t xml:space="preserve">Pastillas </t></r><r><rPr><b/></rPr><t>Bosch</t></r>',
        ],
      }),
    );
    expect(rows).toEqual([
      { row: 1, cells: ['Número de parte', 'Título', 'Precio', 'Ocultar precio'] },
      { row: 2, cells: [' 0986 ', 'Pastillas Bosch', '125000.5', 'true'] },
      { row: 3, cells: ['BP-2', '', '0.3', '#N/A'] },
    ]);
  });

  it('keeps empty cells in place and the row numbers of the sheet, leaving blank rows out', async () => {
    const data =
      '<row r="1"><c r="A1" t="inlineStr"><is><t>A</t></is></c><c r="D1" t="inlineStr"><is><t>D</t></is></c></row>' +
      '<row r="4"><c r="B4"><v>7</v></c></row>' +
      '<row r="5"><c r="A5" t="inlineStr"><is><t> </t></is></c></row>' +
      '<row r="6"><c r="A6"><v>1</v></c><c r="B6"><v>2</v></c></row>';
    expect(await readXlsx(workbook(data))).toEqual([
      { row: 1, cells: ['A', '', '', 'D'] },
      { row: 4, cells: ['', '7'] },
      { row: 6, cells: ['1', '2'] },
    ]);
  });

  it('reads date cells (built-in and custom formats) as YYYY-MM-DD from their Excel serials', async () => {
    const styles =
      '<numFmts count="2"><numFmt numFmtId="164" formatCode="dd/mm/yyyy;@"/><numFmt numFmtId="165" formatCode="&quot;$&quot;#,##0"/></numFmts>' +
      '<cellXfs count="4"><xf numFmtId="0"/><xf numFmtId="14"/><xf numFmtId="164"/><xf numFmtId="165"/></cellXfs>';
    const data =
      '<row r="1"><c r="A1" s="1"><v>45658</v></c><c r="B1" s="2"><v>45658.5</v></c><c r="C1" s="3"><v>45658</v></c><c r="D1"><v>45658</v></c></row>';
    expect((await readXlsx(workbook(data, { styles })))[0]!.cells).toEqual(['2025-01-01', '2025-01-01 12:00', '45658', '45658']);
    expect((await readXlsx(workbook('<row r="1"><c r="A1" s="1"><v>0</v></c></row>', { styles, date1904: true })))[0]!.cells).toEqual([
      '1904-01-01',
    ]);
  });

  it('reads the first sheet in the workbook’s tab order, wherever its part sits in the file', async () => {
    const first = '<row r="1"><c r="A1" t="inlineStr"><is><t>primera</t></is></c></row>';
    const second = '<row r="1"><c r="A1" t="inlineStr"><is><t>segunda</t></is></c></row>';
    // The first tab's part is sheet2.xml: it was created second, then moved to the front.
    const rows = await readXlsx(
      workbook('', {
        sheets: [
          ['Uno', first],
          ['Dos', second],
        ],
      }),
    );
    expect(rows).toEqual([{ row: 1, cells: ['primera'] }]);
  });

  it('reads a workbook as ExcelJS writes it (styles, shared strings, dates, formulas)', async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Catálogo');
    sheet.addRow(['Número de parte', 'Marca', 'Precio', 'Fecha']);
    sheet.addRow(['BP-1001', 'Bosch', 125000, new Date(Date.UTC(2026, 0, 15))]);
    sheet.addRow(['W 610/3', 'Mann-Filter', { formula: '20000*2', result: 40000 }, null]);
    const bytes = new Uint8Array(await book.xlsx.writeBuffer());
    expect(await readXlsx(bytes)).toEqual([
      { row: 1, cells: ['Número de parte', 'Marca', 'Precio', 'Fecha'] },
      { row: 2, cells: ['BP-1001', 'Bosch', '125000', '2026-01-15'] },
      { row: 3, cells: ['W 610/3', 'Mann-Filter', '40000'] },
    ]);
  });

  it('turns cell values into the text the sheet shows', () => {
    expect(numberText(0.1 + 0.2)).toBe('0.3');
    expect(dateText(new Date(Date.UTC(2024, 0, 1)))).toBe('2024-01-01');
    expect(cellText({ error: '#DIV/0!' } as ExcelJS.CellErrorValue)).toBe('#DIV/0!');
    expect(cellText({ richText: [{ text: 'a' }, { text: 'b' }] })).toBe('ab');
    expect(cellText(null)).toBe('');
  });

  it('refuses what is not a workbook, a workbook without sheets and more than 50,000 rows, in Spanish', async () => {
    expect(await message(strToU8('Marca,Precio\nBosch,1'))).toMatch(/^No se pudo leer el archivo Excel/);
    expect(await message(zipSync({ 'otro.txt': strToU8('x') }))).toMatch(/^No se pudo leer el archivo Excel/);
    expect(await message(workbook('', { sheets: [] }))).toBe('El libro de Excel no tiene hojas.');
    const many = Array.from({ length: MAX_ROWS + 2 }, (_, i) => `<row r="${i + 1}"><c r="A${i + 1}"><v>${i}</v></c></row>`).join('');
    expect(await message(workbook(many))).toBe(
      'El archivo tiene 50.001 filas de productos: el máximo es 50000. Divídelo en varios archivos.',
    );
  });

  it('stops a spreadsheet bomb (a few KB unpacking to megabytes of empty rows) while measuring it, before parsing', async () => {
    const empty = '<row r="1"/>'.repeat(400_000);
    const bomb = zipSync(
      {
        'xl/workbook.xml': strToU8(
          `<?xml version="1.0"?><workbook xmlns="${NS}"><sheets><sheet name="x" sheetId="1"/></sheets></workbook>`,
        ),
        'xl/worksheets/sheet1.xml': strToU8(`<worksheet xmlns="${NS}"><sheetData>${empty}</sheetData></worksheet>`),
      },
      { level: 9 },
    );
    expect(bomb.length).toBeLessThan(16 * 1024);
    const measured = await measureXlsx(bomb);
    // Stopped at the row cap: only part of its ~4.8 MB was ever inflated, and nothing was kept.
    expect(measured.problem?.message).toBe('El archivo tiene más de 100.000 filas (contando las vacías): divídelo en varios archivos.');
    expect(measured.unpacked).toBeLessThan(empty.length);
    expect(await message(bomb)).toBe(measured.problem!.message);
  });

  it('refuses a workbook that unpacks past the size cap, counting what inflates rather than what the zip declares', async () => {
    const cap = 1024 * 1024;
    const filler = strToU8(`<sst xmlns="${NS}"><si><t>${'x'.repeat(32 * cap)}</t></si></sst>`);
    const big = zipSync({ 'xl/workbook.xml': strToU8('<workbook/>'), 'xl/sharedStrings.xml': filler }, { level: 9 });
    // Lie about the unpacked size in the local and central headers: the guard does not read them.
    const view = new DataView(big.buffer, big.byteOffset, big.byteLength);
    for (let at = 0; at + 4 <= big.length; at++) {
      const signature = view.getUint32(at, true);
      if (signature === 0x04034b50) view.setUint32(at + 22, 100, true);
      if (signature === 0x02014b50) view.setUint32(at + 24, 100, true);
    }
    const measured = await measureXlsx(big, { bytes: cap, rows: MAX_SHEET_ROWS });
    expect(measured.problem?.message).toBe(
      'El archivo Excel ocupa más de 1 MB al descomprimirlo: guárdalo sin formatos ni imágenes, o divídelo en varios archivos.',
    );
    // Each slice of 8 KB inflates to at most about 8 MB (deflate's ~1,032:1); the rest is never inflated.
    expect(measured.unpacked).toBeLessThan(cap + 9 * cap);
    expect(measured.unpacked).toBeLessThan(filler.length);
    expect(MAX_UNPACKED_BYTES).toBe(100 * 1024 * 1024);
  });
});
