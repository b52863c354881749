import type { ListMetadata, ListQuery, Success } from '@tuerca/contracts';

/** `{ data, metadata }`: the body of every successful /api answer. */
export function ok<T, M extends Record<string, unknown> = Record<string, unknown>>(data: T, metadata?: M): Success<T, M> {
  return { data, metadata: (metadata ?? {}) as M };
}

/**
 * A page of a list. The envelope interceptor writes the total into `x-total-count` too
 * (DESIGN §3: lists return the total in `metadata` and in `x-total-count`).
 */
export class Page<T> implements Success<T[], ListMetadata> {
  readonly metadata: ListMetadata;
  constructor(
    readonly data: T[],
    total: number,
    query: Pick<ListQuery, 'page' | 'pageSize'>,
    extra: Record<string, unknown> = {},
  ) {
    this.metadata = { ...extra, total, page: query.page, pageSize: query.pageSize };
  }
}

/** An admin-api list in ra-data-simple-rest's dialect: a bare array and `Content-Range`. */
export class AdminRange<T> {
  constructor(
    readonly resource: string,
    readonly rows: T[],
    readonly start: number,
    readonly total: number,
  ) {}

  get contentRange(): string {
    const end = this.rows.length === 0 ? this.start : this.start + this.rows.length - 1;
    return `${this.resource} ${this.start}-${end}/${this.total}`;
  }
}
