import type { AdminReport } from '@tuerca/contracts';

export const REPORT_COLUMNS = [
  'id',
  'errorMessage',
  'reference',
  'url',
  'reporterKind',
  'reporterId',
  'createdAt',
  'resolvedAt',
  'resolvedBy',
] as const;

const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : null);

export function toReport(r: {
  id: string;
  errorMessage: string;
  reference: string | null;
  url: string | null;
  reporterKind: string;
  reporterId: string;
  createdAt: Date;
  resolvedAt: Date | null;
  resolvedBy: string | null;
}): AdminReport {
  return {
    id: r.id,
    errorMessage: r.errorMessage,
    reference: r.reference,
    url: r.url,
    reporterKind: r.reporterKind,
    reporterId: r.reporterId,
    createdAt: iso(r.createdAt)!,
    resolved: r.resolvedAt !== null,
    resolvedAt: iso(r.resolvedAt),
    resolvedBy: r.resolvedBy,
  };
}
