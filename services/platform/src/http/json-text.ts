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

/** Keys as JSON writes them (`"name":`), kept: an answer's keys are the same few on every request. */
const writtenKeys = new Map<string, string>();
const MAX_WRITTEN_KEYS = 10_000;

function writtenKey(key: string): string {
  let written = writtenKeys.get(key);
  if (written === undefined) {
    written = `${JSON.stringify(key)}:`;
    if (writtenKeys.size < MAX_WRITTEN_KEYS) writtenKeys.set(key, written);
  }
  return written;
}

const skipped = (v: unknown) => v === undefined || typeof v === 'function' || typeof v === 'symbol';

/** JSON.stringify, but a `JsonText` is written as its text (the rest as JSON.stringify writes it, undefined left out). */
export function writeJson(value: unknown): string {
  if (value instanceof JsonText) return value.text;
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (typeof (value as { toJSON?: unknown }).toJSON === 'function') return JSON.stringify(value);
  if (Array.isArray(value)) {
    let out = '[';
    for (let i = 0; i < value.length; i++) {
      if (i > 0) out += ',';
      out += skipped(value[i]) ? 'null' : writeJson(value[i]);
    }
    return `${out}]`;
  }
  let out = '{';
  let first = true;
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    const v = (value as Record<string, unknown>)[key];
    if (skipped(v)) continue;
    out += (first ? '' : ',') + writtenKey(key) + writeJson(v);
    first = false;
  }
  return `${out}}`;
}
