import type { ConsumeRequest, ConsumeResult, ErrorBody, MeterRequest, MeterStatus } from '@tuerca/contracts';
import { DomainError } from '../http/domain-error.js';

/** billing's metering API (contracts/src/billing/metering.ts); other contexts reach it through MeteringClient. */
export interface Metering {
  /** What a person may see now: counters, balances, prompts (for the UI). Never denies. */
  status(request: MeterRequest): Promise<MeterStatus>;
  /** Checks a lookup may run; throws the spec's 401/403 DomainError when it may not. */
  authorize(request: MeterRequest): Promise<MeterStatus>;
  /** Counts a served lookup (call it only when something was found), atomically and idempotently. */
  consume(request: ConsumeRequest): Promise<ConsumeResult>;
}

/**
 * The one way contexts meter lookups, without importing billing: in-process when billing runs in the
 * same process (billing registers itself), over HTTP to BILLING_URL otherwise.
 */
export class MeteringClient implements Metering {
  private local: Metering | null = null;

  constructor(
    private readonly baseUrl: string | undefined,
    private readonly token: string,
  ) {}

  useLocal(metering: Metering): void {
    this.local = metering;
  }

  private target(): Metering {
    if (this.local) return this.local;
    if (!this.baseUrl) throw new Error('Metering is unavailable: billing does not run in this process and BILLING_URL is not set');
    return {
      status: (r) => this.call('status', r),
      authorize: (r) => this.call('authorize', r),
      consume: (r) => this.call('consume', r),
    };
  }

  status(request: MeterRequest): Promise<MeterStatus> {
    return this.target().status(request);
  }

  authorize(request: MeterRequest): Promise<MeterStatus> {
    return this.target().authorize(request);
  }

  consume(request: ConsumeRequest): Promise<ConsumeResult> {
    return this.target().consume(request);
  }

  private async call<T>(operation: string, body: unknown): Promise<T> {
    const res = await fetch(`${this.baseUrl}/internal/billing/metering/${operation}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-internal-token': this.token },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(3000),
    });
    const json = (await res.json()) as { data: T } | ErrorBody;
    if (res.ok) return (json as { data: T }).data;
    const err = json as ErrorBody;
    throw new DomainError(err.statusCode ?? res.status, err.message, err.errors ?? []);
  }
}
