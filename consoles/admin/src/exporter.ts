import { downloadCSV, type Exporter, type RaRecord } from 'react-admin';
import { csvCell } from '@tuerca/contracts';

export type Column<T = RaRecord> = [header: string, value: (record: T) => unknown];

/** A CSV cell: numbers as they are; text formula-neutralised (#20 finding 6: sellers and guests write these values). */
function cell(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return String(value);
  const text = typeof value === 'boolean' ? (value ? 'Sí' : 'No') : typeof value === 'object' ? JSON.stringify(value) : String(value);
  return csvCell(text);
}

/** react-admin's exporter with Spanish column names: every list's «Exportar CSV» downloads what its filters select. */
export function csvExporter<T extends RaRecord = RaRecord>(fileName: string, columns: Column<T>[]): Exporter {
  return (records: T[]) => {
    const lines = [columns.map(([h]) => cell(h)).join(','), ...records.map((r) => columns.map(([, get]) => cell(get(r))).join(','))];
    downloadCSV(`\ufeff${lines.join('\r\n')}`, fileName);
  };
}

/** A column that reads a field as it is. */
export const field = <T extends RaRecord>(header: string, key: keyof T & string): Column<T> => [header, (r) => r[key]];
