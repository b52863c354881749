import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/** A 'Reportar un error' report (spec 001 §2 substitutions panel; §3 "Error report"), resolved by an operator. */
export const ErrorReport = defineEntity({
  name: 'ErrorReport',
  tableName: 'error_reports',
  properties: {
    id: p.uuid().primary(),
    errorMessage: p.text().check('char_length(error_message) <= 1024'),
    reference: p.text().nullable(),
    url: p.text().nullable(),
    reporterKind: p.text().$type<'guest' | 'user'>(),
    reporterId: p.text(),
    createdAt: p
      .datetime()
      .defaultRaw('now()')
      .onCreate(() => new Date()),
    resolvedAt: p.datetime().nullable(),
    resolvedBy: p.text().nullable(),
  },
  indexes: [
    { name: 'error_reports_created_at', expression: 'create index error_reports_created_at on error_reports (created_at desc, id desc)' },
    {
      name: 'error_reports_pending',
      expression: 'create index error_reports_pending on error_reports (created_at desc) where resolved_at is null',
    },
  ],
});
export type ErrorReport = InferEntity<typeof ErrorReport>;
