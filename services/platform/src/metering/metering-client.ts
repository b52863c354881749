import {
  meteringRoutes,
  type ConsumeRequest,
  type ConsumeResult,
  type MeterRequest,
  type MeterStatus,
  type RefundRequest,
  type RefundResult,
} from '@tuerca/contracts';
import { callInternalRoute } from '../http/internal-call.js';

/** billing's metering API (contracts/src/billing/metering.ts); other contexts reach it through MeteringClient. */
export interface Metering {
  /** What a person may see now: counters, balances, prompts (for the UI). Never denies. */
  status(request: MeterRequest): Promise<MeterStatus>;
  /** Checks a lookup may run; throws the spec's 401/403 DomainError when it may not. */
  authorize(request: MeterRequest): Promise<MeterStatus>;
  /** Counts a served lookup (call it only when something was found), atomically and idempotently. */
  consume(request: ConsumeRequest): Promise<ConsumeResult>;
  /** Gives back the charge of a request whose answer then failed (the compensating step); idempotent. */
  refund(request: RefundRequest): Promise<RefundResult>;
}

/**
 * Charge, then answer, then — when the answer fails — refund (billing's README, "Idempotent metering and
 * compensation"): the charge and the answer are two steps in two places, so the second's failure is
 * compensated instead of hoped away. `request.requestId` is the HTTP request's (`@RequestId()`), so a
 * retried request is charged once. The person gets the answer's error; a refund that fails too (billing
 * unreachable) goes to `onRefundFailed` for the caller to log — the retry of the same request then finds
 * its charge and is not charged again.
 */
export async function chargeForAnswer<T>(
  metering: Metering,
  request: ConsumeRequest,
  answer: (charged: ConsumeResult) => Promise<T>,
  onRefundFailed: (err: unknown) => void = () => undefined,
): Promise<{ charged: ConsumeResult; answer: T }> {
  const charged = await metering.consume(request);
  try {
    return { charged, answer: await answer(charged) };
  } catch (err) {
    const reason = (err instanceof Error ? err.message : String(err)).slice(0, 200) || 'answer failed';
    await metering
      .refund({ kind: request.kind, who: request.who, subject: request.subject, requestId: request.requestId, reason })
      .catch(onRefundFailed);
    throw err;
  }
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
    private readonly timeoutMs = 3000,
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
      refund: (r) => this.call('refund', r),
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

  refund(request: RefundRequest): Promise<RefundResult> {
    return this.target().refund(request);
  }

  /** Billing in another process: its internal route, with the timeout; unreachable or slow is a 503 'servicio intermitente'. */
  private async call<T>(operation: keyof typeof meteringRoutes, body: unknown): Promise<T> {
    const answer = await callInternalRoute<{ data: T }>(
      meteringRoutes[operation],
      { body },
      { context: 'billing', baseUrl: this.baseUrl!, token: this.token, timeoutMs: this.timeoutMs },
    );
    return answer.data;
  }
}
