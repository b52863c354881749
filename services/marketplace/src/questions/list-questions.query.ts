import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import {
  t,
  type AdminListQuery,
  type AdminQuestionFilter,
  type ListQuery,
  type QuestionFilter,
  type QuestionView,
  type SessionUser,
} from '@tuerca/contracts';
import { ContextDatabase, ForbiddenError, NotFoundError, pageWindow, rangeWindow, resolveSort } from '@tuerca/platform';
import { ownStoreOf, type Manager } from '../stores/store-access.js';
import { uuidIdsOf } from '../stores/store.queries.js';
import { QUESTION_SORTABLE, readQuestion, readQuestionPage, type QuestionAudience } from './question-views.js';

/** The fields a list may be narrowed to (`attributes`); `id` always comes. */
function pick(view: QuestionView, attributes: readonly string[]): Partial<QuestionView> {
  if (attributes.length === 0) return view;
  const out: Record<string, unknown> = { id: view.id };
  for (const a of attributes) if (Object.prototype.hasOwnProperty.call(view, a)) out[a] = view[a as keyof QuestionView];
  return out as Partial<QuestionView>;
}

/**
 * GET /catalogo/productosQuestions (spec 000 §7: filter, pageSize, page, scopes, relations, attributes, getters).
 * Scope `mine` (the default): the person's own questions. Scope `store`: the questions of the seller's store
 * (operators and advisers: every store, or filter.storeId); anyone else 403. `pending` / `answered` narrow by
 * state; getter `verdict` adds each question's compatibility verdict; relation `product` the product's title
 * and address; `attributes` keeps only the fields named.
 */
export class ListQuestions extends Query<{ rows: Partial<QuestionView>[]; total: number }> {
  constructor(
    readonly user: SessionUser,
    readonly filter: QuestionFilter,
    readonly query: Pick<ListQuery, 'page' | 'pageSize' | 'scopes' | 'getters' | 'relations' | 'attributes'>,
  ) {
    super();
  }
}

@QueryHandler(ListQuestions)
export class ListQuestionsHandler implements IQueryHandler<ListQuestions> {
  constructor(private readonly db: ContextDatabase) {}

  async execute({ user, filter, query }: ListQuestions) {
    let audience: QuestionAudience = { kind: 'asker', userId: user.id };
    if (query.scopes.includes('store')) {
      const staff = user.roles.includes('operator') || user.roles.includes('adviser');
      const seller = (user.roles.includes('seller') || user.roles.includes('store_admin')) && user.storeId;
      if (!staff && !seller) throw new ForbiddenError(t('auth.forbidden'));
      if (!staff && filter.storeId && filter.storeId !== user.storeId) throw new ForbiddenError(t('auth.forbidden'));
      audience = { kind: 'store', storeId: staff ? (filter.storeId ?? null) : user.storeId! };
    }
    const state =
      filter.state ?? (query.scopes.includes('pending') ? 'pending' : query.scopes.includes('answered') ? 'answered' : undefined);
    const { rows, total } = await readQuestionPage(
      this.db.em(),
      { audience, productId: filter.product_id, storeId: audience.kind === 'asker' ? filter.storeId : undefined, state, q: filter.q },
      pageWindow(query),
      { viewerId: user.id, verdict: query.getters.includes('verdict'), product: query.relations.includes('product') },
    );
    return { rows: rows.map((r) => pick(r, query.attributes)), total };
  }
}

/** /admin-api/product-questions: a seller's own store's questions, every store's for operators and advisers. */
export class ListAdminQuestions extends Query<{ rows: QuestionView[]; total: number; offset: number }> {
  constructor(
    readonly by: Manager,
    readonly query: AdminListQuery,
    readonly filter: AdminQuestionFilter,
  ) {
    super();
  }
}

@QueryHandler(ListAdminQuestions)
export class ListAdminQuestionsHandler implements IQueryHandler<ListAdminQuestions> {
  constructor(private readonly db: ContextDatabase) {}

  async execute({ by, query, filter }: ListAdminQuestions) {
    const own = ownStoreOf(by);
    const ids = uuidIdsOf(filter.id);
    const window = rangeWindow(query, ids);
    // An unknown sort field is a 400 before anything is read.
    resolveSort(query.sort, { sortable: QUESTION_SORTABLE, fallback: { field: 'createdAt', order: 'DESC' } });
    if (own && filter.storeId && filter.storeId !== own) return { rows: [], total: 0, offset: 0 };
    return readQuestionPage(
      this.db.em(),
      {
        audience: { kind: 'store', storeId: own ?? filter.storeId ?? null },
        ids,
        productId: filter.productId,
        state: filter.state,
        q: filter.q,
      },
      window,
      { viewerId: by.user!.id, verdict: true, product: true },
      query.sort,
    );
  }
}

/** One question of the console; another store's is 404. */
export class GetAdminQuestion extends Query<QuestionView> {
  constructor(
    readonly by: Manager,
    readonly id: string,
  ) {
    super();
  }
}

@QueryHandler(GetAdminQuestion)
export class GetAdminQuestionHandler implements IQueryHandler<GetAdminQuestion> {
  constructor(private readonly db: ContextDatabase) {}

  async execute({ by, id }: GetAdminQuestion): Promise<QuestionView> {
    const own = ownStoreOf(by);
    const view = await readQuestion(this.db.em(), id, { viewerId: by.user!.id, verdict: true, product: true });
    if (!view || (own && view.storeId !== own)) throw new NotFoundError(t('errors.notFound'));
    return view;
  }
}
