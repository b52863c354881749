import {
  meteringRoutes,
  type ConsumeRequest,
  type ConsumeResult,
  type MeterRequest,
  type MeterStatus,
  type Metering,
  type RefundRequest,
  type RefundResult,
} from '@tuerca/contracts';
import { ServiceUnavailableError, callInternalRoute } from '@tuerca/platform';

export interface HttpMeteringOptions {
  /** Billing's base URL (BILLING_URL); unset, every call is a 503 'servicio intermitente'. */
  baseUrl: string | undefined;
  /** The shared secret of service-to-service calls (x-internal-token). */
  token: string;
  /** How long a call may take before billing counts as unreachable. */
  timeoutMs: number;
}

/**
 * The Metering port over HTTP, for a process that does not run billing: billing's internal metering routes
 * (contracts/src/billing/metering.routes.ts). Billing's rule errors (401/403 with their codes and Spanish
 * texts) come back as the same DomainError; unreachable, slow (timeout) or failing (5xx) billing is a 503
 * 'servicio intermitente' (DESIGN: a context that cannot be reached answers 503, never a 500).
 */
export class HttpMetering implements Metering {
  constructor(private readonly options: HttpMeteringOptions) {}

  status(request: MeterRequest): Promise<MeterStatus> {
    return this.call('status', request);
  }

  authorize(request: MeterRequest): Promise<MeterStatus> {
    return this.call('authorize', request);
  }

  consume(request: ConsumeRequest): Promise<ConsumeResult> {
    return this.call('consume', request);
  }

  refund(request: RefundRequest): Promise<RefundResult> {
    return this.call('refund', request);
  }

  private async call<T>(operation: keyof typeof meteringRoutes, body: unknown): Promise<T> {
    const { baseUrl, token, timeoutMs } = this.options;
    if (!baseUrl)
      throw new ServiceUnavailableError('billing', {
        cause: new Error('billing does not run in this process and BILLING_URL is not set'),
      });
    const answer = await callInternalRoute<{ data: T }>(
      meteringRoutes[operation],
      { body },
      { context: 'billing', baseUrl, token, timeoutMs },
    );
    return answer.data;
  }
}
