import { describe, expect, it } from '@jest/globals';
import { strToU8, zipSync } from 'fflate';
import { columnIndex, excelSerialToText, isDateFormatCode, parseXlsx } from './xlsx.parser.js';
import { MAX_ROWS, SpreadsheetError } from './spreadsheet.js';

const NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

/** A workbook as Excel writes it: the sheets named in workbook.xml, found through its relationships. */
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
          .map((_, i) => `<Relationship Id="rId${i + 7}" Type="${REL}/worksheet" Target="worksheets/hoja${sheets.length - i}.xml"/>`)
          .join('') +
        '</Relationships>',
    ),
  };
  sheets.forEach(([, data], i) => {
    files[`xl/worksheets/hoja${sheets.length - i}.xml`] = strToU8(
      `<?xml version="1.0"?><worksheet xmlns="${NS}"><sheetData>${data}</sheetData></worksheet>`,
    );
  });
  if (opts.shared)
    files['xl/sharedStrings.xml'] = strToU8(
      `<?xml version="1.0"?><sst xmlns="${NS}" count="${opts.shared.length}">${opts.shared.map((s) => `<si>${s}</si>`).join('')}</sst>`,
    );
  if (opts.styles) files['xl/styles.xml'] = strToU8(`<?xml version="1.0"?><styleSheet xmlns="${NS}">${opts.styles}</styleSheet>`);
  return zipSync(files);
}

describe('XLSX parser', () => {
  it('reads the first sheet: shared strings (plain and rich), inline strings, numbers, booleans and formula results', () => {
    const data =
      '<row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>1</v></c><c r="C1" t="inlineStr"><is><t>Precio</t></is></c><c r="D1" t="s"><v>2</v></c></row>' +
      '<row r="2"><c r="A2" t="s"><v>3</v></c><c r="B2" t="inlineStr"><is><r><t>Pastillas </t></r><r><rPr><b/></rPr><t>Bosch</t></r></is></c><c r="C2"><v>125000.5</v></c><c r="D2" t="b"><v>1</v></c></row>' +
      '<row r="3"><c r="A3" t="str"><f>UPPER("bp-2")</f><v>BP-2</v></c><c r="C3"><v>0.30000000000000004</v></c><c r="D3" t="e"><v>#N/A</v></c></row>';
    const rows = parseXlsx(
      workbook(data, {
        shared: [
          '<t>Número de parte</t>',
          '<r><t>Tít</t></r><r><t>ulo</t></r><rPh><t>ignorar</t></rPh>',
          '<t>Ocultar precio</t>',
          '<t xml:space="preserve"> 0986 </t>',
        ],
      }),
    );
    expect(rows).toEqual([
      { row: 1, cells: ['Número de parte', 'Título', 'Precio', 'Ocultar precio'] },
      { row: 2, cells: [' 0986 ', 'Pastillas Bosch', '125000.5', 'true'] },
      { row: 3, cells: ['BP-2', '', '0.3', '#N/A'] },
    ]);
  });

  it('keeps empty cells in place and the row numbers of the sheet, leaving blank rows out', () => {
    const data =
      '<row r="1"><c r="A1" t="inlineStr"><is><t>A</t></is></c><c r="D1" t="inlineStr"><is><t>D</t></is></c></row>' +
      '<row r="4"><c r="B4"><v>7</v></c></row>' +
      '<row r="5"><c r="A5" t="inlineStr"><is><t> </t></is></c></row>' +
      '<row><c><v>1</v></c><c><v>2</v></c></row>';
    expect(parseXlsx(workbook(data))).toEqual([
      { row: 1, cells: ['A', '', '', 'D'] },
      { row: 4, cells: ['', '7'] },
      { row: 6, cells: ['1', '2'] },
    ]);
  });

  it('reads date cells (built-in and custom formats) as YYYY-MM-DD from their Excel serials', () => {
    const styles =
      '<numFmts count="1"><numFmt numFmtId="164" formatCode="dd/mm/yyyy;@"/><numFmt numFmtId="165" formatCode="&quot;$&quot;#,##0"/></numFmts>' +
      '<cellXfs count="4"><xf numFmtId="0"/><xf numFmtId="14"/><xf numFmtId="164"/><xf numFmtId="165"/></cellXfs>';
    const data =
      '<row r="1"><c r="A1" s="1"><v>45658</v></c><c r="B1" s="2"><v>45658.5</v></c><c r="C1" s="3"><v>45658</v></c><c r="D1"><v>45658</v></c></row>';
    expect(parseXlsx(workbook(data, { styles }))[0]!.cells).toEqual(['2025-01-01', '2025-01-01 12:00', '45658', '45658']);
    expect(parseXlsx(workbook('<row r="1"><c r="A1" s="1"><v>0</v></c></row>', { styles, date1904: true }))[0]!.cells).toEqual([
      '1904-01-01',
    ]);
  });

  it('reads the first sheet of the workbook, wherever its relationship points', () => {
    const first = '<row r="1"><c r="A1" t="inlineStr"><is><t>primera</t></is></c></row>';
    const second = '<row r="1"><c r="A1" t="inlineStr"><is><t>segunda</t></is></c></row>';
    expect(
      parseXlsx(
        workbook('', {
          sheets: [
            ['Uno', first],
            ['Dos', second],
          ],
        }),
      )[0]!.cells,
    ).toEqual(['primera']);
  });

  it('converts Excel serials and A1 columns', () => {
    expect(excelSerialToText(1)).toBe('1900-01-01');
    expect(excelSerialToText(61)).toBe('1900-03-01');
    expect(excelSerialToText(45292)).toBe('2024-01-01');
    expect(columnIndex('A1')).toBe(0);
    expect(columnIndex('AA10')).toBe(26);
    expect(columnIndex('')).toBeNull();
    expect(isDateFormatCode('[Red]#,##0.00')).toBe(false);
    expect(isDateFormatCode('"Día" 0')).toBe(false);
    expect(isDateFormatCode('yyyy-mm-dd hh:mm')).toBe(true);
  });

  it('refuses what is not a workbook, a workbook without sheets and more than 50,000 rows, in Spanish', () => {
    const message = (bytes: Uint8Array) => {
      try {
        parseXlsx(bytes);
      } catch (error) {
        if (error instanceof SpreadsheetError) return error.message;
        throw error;
      }
      return 'ok';
    };
    expect(message(strToU8('Marca,Precio\nBosch,1'))).toMatch(/^No se pudo leer el archivo Excel/);
    expect(message(zipSync({ 'otro.txt': strToU8('x') }))).toMatch(/^No se pudo leer el archivo Excel/);
    expect(message(workbook('', { sheets: [] }))).toBe('El libro de Excel no tiene hojas.');
    const many = Array.from({ length: MAX_ROWS + 2 }, (_, i) => `<row r="${i + 1}"><c r="A${i + 1}"><v>${i}</v></c></row>`).join('');
    expect(message(workbook(many))).toBe('El archivo tiene 50001 filas de productos: el máximo es 50000. Divídelo en varios archivos.');
  });
});
