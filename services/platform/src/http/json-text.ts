/**
 * JSON written once and sent many times: a part of an answer serialised when it was read (a cached answer's rows)
 * rather than on every request. `T` is what the text holds, for the types only. Answers that carry such parts are
 * returned as a `JsonReply`; the envelope interceptor writes them with `writeJson`, which puts each text where it
 * stands. (V8's JSON.rawJSON would do this inside JSON.stringify, but takes only primitives, not objects.)
 */
export class JsonText<T = unknown> {
  declare private readonly holds?: T;

  constructor(readonly text: string) {}

  static of<T>(value: T): JsonText<T> {
    return new JsonText<T>(JSON.stringify(value));
  }

  /** Outside a JsonReply (JSON.stringify), still the value it holds — only slower. */
  toJSON(): T {
    return JSON.parse(this.text) as T;
  }
}

/** A value where each part may be a `JsonText` of that part. */
export type MaybeWritten<T> = T | JsonText<T>;

/**
 * An answer (its envelope, or a `Page`) whose values include `JsonText` parts: the envelope interceptor sends it as
 * `application/json` text written by `writeJson`.
 */
export class JsonReply<T = unknown> {
  constructor(readonly body: T) {}
}

/** JSON.stringify, but a `JsonText` is written as its text (the rest as JSON.stringify writes it, undefined left out). */
export function writeJson(value: unknown): string {
  if (value instanceof JsonText) return value.text;
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (typeof (value as { toJSON?: unknown }).toJSON === 'function') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map((v) => (v === undefined || typeof v === 'function' ? 'null' : writeJson(v))).join(',')}]`;
  const parts: string[] = [];
  for (const [k, v] of Object.entries(value)) {
    if (v === undefined || typeof v === 'function' || typeof v === 'symbol') continue;
    parts.push(`${JSON.stringify(k)}:${writeJson(v)}`);
  }
  return `{${parts.join(',')}}`;
}
