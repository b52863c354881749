import type { EntityManager } from '@mikro-orm/postgresql';
import {
  answerText,
  compatibilityQuestionText,
  type CompatibleVehicle,
  type QuestionAnswer,
  type QuestionState,
  type QuestionView,
} from '@tuerca/contracts';
import { kysely, listPage, likePattern, type Window } from '@tuerca/platform';
import type { MarketplaceDB } from '../marketplace.database.js';
import { compatibilityVerdict, type CrossReferenceEvidence, type EarlierAnswer } from './question.rules.js';
import { crossReferenceEvidence } from './question-evidence.js';

/** Whose questions a list covers: a person's own, or a store's (null: every store, for operators and advisers). */
export type QuestionAudience = { kind: 'asker'; userId: string } | { kind: 'store'; storeId: string | null };

export interface QuestionSelection {
  audience: QuestionAudience;
  ids?: readonly string[];
  productId?: string;
  storeId?: string;
  state?: QuestionState;
  q?: string;
}

export const QUESTION_SORTABLE = { id: 'q.id', createdAt: 'q.created_at', answeredAt: 'q.answered_at', state: 'q.state' } as const;

function selectQuestions(em: EntityManager, s: QuestionSelection) {
  let q = kysely<MarketplaceDB>(em)
    .selectFrom('ProductQuestion as q')
    .innerJoin('Store as s', 's.id', 'q.store')
    .innerJoin('Product as p', 'p.id', 'q.product')
    .select([
      'q.id',
      'q.question',
      'q.comment',
      'q.product as productId',
      'q.productReference',
      'q.productDescription',
      'q.store as storeId',
      's.name as storeName',
      'q.userId',
      'q.askerName',
      'q.vehicleBrand',
      'q.vehicleModel',
      'q.vehicleYear',
      'q.vehicleVin',
      'q.state',
      'q.answer',
      'q.response',
      'q.answeredAt',
      'q.followUp',
      'q.followUpAt',
      'q.createdAt',
      'p.title',
      'p.productUrl',
      'p.manufacturerTitle',
      'p.compatibleVehicles',
      'p.cleanReference1',
    ]);
  if (s.audience.kind === 'asker') q = q.where('q.userId', '=', s.audience.userId);
  else if (s.audience.storeId) q = q.where('q.store', '=', s.audience.storeId);
  if (s.ids) q = q.where('q.id', 'in', s.ids.length > 0 ? [...s.ids] : ['00000000-0000-0000-0000-000000000000']);
  if (s.productId) q = q.where('q.product', '=', s.productId);
  if (s.storeId) q = q.where('q.store', '=', s.storeId);
  if (s.state) q = q.where('q.state', '=', s.state);
  if (s.q) {
    const pattern = likePattern(s.q);
    q = q.where((eb) =>
      eb.or([
        eb('p.title', 'ilike', pattern),
        eb('q.productReference', 'ilike', pattern),
        eb('q.vehicleBrand', 'ilike', pattern),
        eb('q.vehicleModel', 'ilike', pattern),
        eb('q.askerName', 'ilike', pattern),
      ]),
    );
  }
  return q;
}

type Row = Awaited<ReturnType<ReturnType<typeof selectQuestions>['execute']>>[number];

/** The store's answers about the products of these rows, for the verdicts. */
async function earlierAnswers(em: EntityManager, productIds: string[]): Promise<Map<string, EarlierAnswer[]>> {
  const out = new Map<string, EarlierAnswer[]>();
  if (productIds.length === 0) return out;
  const rows = await kysely<MarketplaceDB>(em)
    .selectFrom('ProductQuestion')
    .select(['product as productId', 'vehicleBrand', 'vehicleModel', 'vehicleYear', 'answer', 'answeredAt'])
    .where('product', 'in', productIds)
    .where('answer', 'is not', null)
    .where('answeredAt', 'is not', null)
    .execute();
  for (const r of rows) {
    const list = out.get(r.productId) ?? [];
    list.push({
      vehicle: { brand: r.vehicleBrand, model: r.vehicleModel, year: r.vehicleYear },
      answer: r.answer as QuestionAnswer,
      answeredAt: new Date(r.answeredAt!),
    });
    out.set(r.productId, list);
  }
  return out;
}

export interface ViewOptions {
  viewerId: string;
  verdict?: boolean;
  product?: boolean;
}

function viewOf(
  r: Row,
  o: ViewOptions,
  answers: Map<string, EarlierAnswer[]>,
  crossReferences: Map<string, CrossReferenceEvidence[]>,
): QuestionView {
  const vehicle = { brand: r.vehicleBrand, model: r.vehicleModel, year: r.vehicleYear, vin: r.vehicleVin };
  const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());
  const view: QuestionView = {
    id: r.id,
    question: r.question,
    questionText: compatibilityQuestionText(vehicle),
    comment: r.comment,
    product_id: r.productId,
    product_reference: r.productReference,
    product_description: r.productDescription,
    storeId: r.storeId,
    storeName: r.storeName,
    vehicle,
    state: r.state as QuestionState,
    answer: (r.answer as QuestionAnswer | null) ?? null,
    answerText: r.answer ? answerText(r.answer as QuestionAnswer) : null,
    response: r.response,
    answeredAt: iso(r.answeredAt),
    follow_up: r.followUp,
    followUpAt: iso(r.followUpAt),
    askerName: r.askerName,
    createdAt: iso(r.createdAt)!,
    mine: r.userId === o.viewerId,
  };
  if (o.verdict) {
    view.verdict = compatibilityVerdict(
      vehicle,
      { manufacturerTitle: r.manufacturerTitle, compatibleVehicles: r.compatibleVehicles as CompatibleVehicle[] },
      answers.get(r.productId) ?? [],
      crossReferences.get(r.productId) ?? [],
    );
  }
  if (o.product) view.product = { title: r.title, productUrl: r.productUrl, manufacturer_title: r.manufacturerTitle };
  return view;
}

/** One page of questions as views, newest first unless `sort` says otherwise, with the total of the selection. */
export async function readQuestionPage(
  em: EntityManager,
  s: QuestionSelection,
  window: Window,
  o: ViewOptions,
  sort?: { field: string; order: 'ASC' | 'DESC' },
): Promise<{ rows: QuestionView[]; total: number; offset: number }> {
  const { rows, total, offset } = await listPage(selectQuestions(em, s), window, {
    sort,
    spec: { sortable: QUESTION_SORTABLE, fallback: { field: 'createdAt', order: 'DESC' }, idColumn: 'q.id' },
  });
  const answers = o.verdict ? await earlierAnswers(em, [...new Set(rows.map((r) => r.productId))]) : new Map<string, EarlierAnswer[]>();
  const crossReferences = o.verdict
    ? await crossReferenceEvidence(
        em,
        rows.map((r) => ({ id: r.productId, cleanReference1: r.cleanReference1 })),
      )
    : new Map<string, CrossReferenceEvidence[]>();
  return { rows: rows.map((r) => viewOf(r, o, answers, crossReferences)), total, offset };
}

/** One question as a view (any audience: the caller has checked access). */
export async function readQuestion(em: EntityManager, id: string, o: ViewOptions): Promise<QuestionView | null> {
  const { rows } = await readQuestionPage(em, { audience: { kind: 'store', storeId: null }, ids: [id] }, { offset: 0, limit: 1 }, o);
  return rows[0] ?? null;
}
