import { randomUUID } from 'node:crypto';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { AppParameters, ConsumeRequest, ConsumeResult } from '@tuerca/contracts';
import { Clock, ContextDatabase, DomainError } from '@tuerca/platform';
import { AppParametersService } from '../parameters/app-parameters.service.js';
import { charge } from './charge.js';
import { denial, readSnapshot } from './meter-snapshot.js';
import { MeterChain } from './meter-chain.js';
import { MeterQueue, attempt, type Settled } from './meter-queue.js';
import { LOCK_METER_SQL, inMeterTransaction, pooled, type MeteringRunner } from './metering-statements.js';
import { EXHAUSTED_CODE, afterConsumption, decisionOf, statusOf, type ChargeSource, type Snapshot } from './metering.rules.js';

/** Counts a served lookup (callers consume only when something was found), atomically and once per request id. */
export class ConsumeConsultation extends Command<ConsumeResult> {
  constructor(readonly request: ConsumeRequest) {
    super();
  }
}

/**
 * Metering of the spec's lookups (billing owns every rule). A consultation is idempotent by request — the
 * HTTP request's id or its Idempotency-Key, with the kind and the subject, so a retried request is charged
 * once and one request may consult several subjects.
 *
 * The path is lock-free where it can be (issue "Lookups at the speed of the server itself"): one snapshot
 * read decides; a repeat within the 12-hour window, a duplicate and a denial answer from it without writing
 * and without any lock. A charge waits for the charges of the same meter ahead of it in this process
 * (MeterQueue: those that waited together commit together); when one was ahead, it decides on the state that
 * charge left (MeterChain: known without a read when every version since its own first read was a charge of this
 * process, else read again), and is one statement that commits only if the person's meter
 * still has the version the snapshot was read at (compare-and-set), spending the balance that expires first
 * (never below zero) and recording ConsultationConsumed with it. When the meter moved meanwhile (a charge in
 * another process, a refund), the charge takes the meter's row lock for its transaction and decides again,
 * so a person hammering one kind from several processes still makes progress in order.
 */

/** Charges of one meter that queued behind one another, committed together (one transaction) at most this many. */
export const MAX_CHARGES_PER_TRANSACTION = 32;

/** A charge waiting its turn: the request and what its first read decided it on. */
interface Queued {
  request: ConsumeRequest;
  first: Snapshot;
  params: AppParameters;
  now: Date;
}

@CommandHandler(ConsumeConsultation)
export class ConsumeConsultationHandler implements ICommandHandler<ConsumeConsultation> {
  constructor(
    private readonly db: ContextDatabase,
    private readonly parameters: AppParametersService,
    private readonly clock: Clock,
  ) {}

  /** Statements on the context's pool, each committing by itself (prepared once per connection). */
  private readonly pooled: MeteringRunner = pooled(this.db);
  private readonly chain = new MeterChain();
  private readonly queue = new MeterQueue<Queued, ConsumeResult>((key, items, waited) => this.chargeInTurn(key, items, waited), {
    maxBatch: MAX_CHARGES_PER_TRANSACTION,
    idle: (key) => this.chain.idle(key),
  });

  async execute({ request }: ConsumeConsultation): Promise<ConsumeResult> {
    const now = this.clock.now();
    const params = await this.parameters.all();
    const first = await readSnapshot(this.pooled, request, now, request.requestId);
    const decided = settle(request, first, params);
    if ('answer' in decided) return decided.answer;
    return this.queue.add(`${request.who.kind}:${request.who.id}:${request.kind}`, { request, first, params, now });
  }

  /**
   * A batch of one meter's charges, in arrival order. Alone, a charge is one statement that commits by itself. Several
   * (they waited while the batch before them ran) share one transaction, each deciding on what the one before it
   * left, and one commit. A denial is that charge's answer alone; any other failure rolls the transaction back and
   * each of its charges is made again on its own (a charge already committed answers as a duplicate of its request).
   */
  private async chargeInTurn(key: string, items: Queued[], waited: boolean): Promise<Settled<ConsumeResult>[]> {
    if (items.length === 1) return [await attempt(() => this.chargeOne(this.pooled, key, items[0]!, waited, null))];
    try {
      return await inMeterTransaction(this.db, async (tx) => {
        const out: Settled<ConsumeResult>[] = [];
        for (const [i, item] of items.entries()) {
          const r = await attempt(() => this.chargeOne(tx, key, item, waited || i > 0, tx));
          if (!r.ok && !(r.error instanceof DomainError)) throw r.error;
          out.push(r);
        }
        return out;
      });
    } catch {
      // Nothing of the transaction stands: what the chain learnt from it is forgotten, and each charge goes alone.
      this.chain.forget(key);
      const out: Settled<ConsumeResult>[] = [];
      for (const item of items) out.push(await attempt(() => this.chargeOne(this.pooled, key, item, true, null)));
      return out;
    }
  }

  /**
   * One charge on `run` (the pool, or the batch's transaction). `tx`: the batch's transaction, which the locked path
   * must use too (it may hold the meter's row already).
   */
  private async chargeOne(
    run: MeteringRunner,
    key: string,
    item: Queued,
    waited: boolean,
    tx: MeteringRunner | null,
  ): Promise<ConsumeResult> {
    const { request, first, params, now } = item;
    // The state is known without a read when every charge since this one's first read was this process's
    // (MeterChain). Otherwise: a charge that waited, or whose first read may have raced this process's last charges
    // of the meter (read while one committed, queued after it), reads again; any other keeps its first read.
    const known = this.chain.before(key, request, first);
    const before = known ?? (waited || this.chain.outdates(key, first) ? await readSnapshot(run, request, now, request.requestId) : first);
    const answer = await this.decideAndCharge(run, request, before, params, now, key);
    if (answer) return answer;
    // The meter moved under us (another process, a refund): its row lock decides, and the chain knows nothing more.
    this.chain.forget(key);
    const lockedCharge = async (locked: MeteringRunner) => {
      for (;;) {
        await locked('billing_meter_lock', LOCK_METER_SQL, [request.who.kind, request.who.id, request.kind]);
        const again = await readSnapshot(locked, request, now, request.requestId);
        const charged = await this.decideAndCharge(locked, request, again, params, now, null);
        if (charged) return charged;
      }
    };
    return tx ? lockedCharge(tx) : inMeterTransaction(this.db, lockedCharge);
  }

  /**
   * The answer from a snapshot: a duplicate, a window, a denial, or a charge; null when the charge met a moved meter.
   * `chain`: the meter's key when the charge is one of this process's queue (remembered for the next in line).
   */
  private async decideAndCharge(
    run: MeteringRunner,
    request: ConsumeRequest,
    before: Snapshot,
    params: AppParameters,
    now: Date,
    chain: string | null,
  ): Promise<ConsumeResult | null> {
    const decided = settle(request, before, params);
    if ('answer' in decided) return decided.answer;
    const { source } = decided;
    const balanceId = source === 'balance' ? before.typeBalance.first : source === 'general' ? before.generalBalance.first : null;
    if (source !== 'free' && !balanceId) throw denial(request.kind, EXHAUSTED_CODE[request.kind]);
    const done = await charge(run, {
      request,
      consumptionId: randomUUID(),
      source,
      balanceId: balanceId ?? null,
      version: before.version ?? 0,
      now,
    });
    if (!done.done) return null;
    // A balance emptied by this charge changes the nearest expiry shown: read it; otherwise count it in (the
    // compare-and-set moved the meter one version on).
    const after =
      done.remaining === 0
        ? await readSnapshot(run, request, now)
        : { ...afterConsumption(before, Boolean(request.storeId), source, now), version: (before.version ?? 0) + 1 };
    if (chain) this.chain.charged(chain, request, after, now);
    return { chargedFrom: source, status: statusOf(request, after, decisionOf(request, after, params)) };
  }
}

/**
 * What a snapshot decides: an answer without a charge (a duplicate, a repeat within the window: nothing
 * written), a denial (thrown), or what a charge spends.
 */
function settle(
  request: ConsumeRequest,
  before: Snapshot,
  params: AppParameters,
): { answer: ConsumeResult } | { source: Exclude<ChargeSource, 'window'> } {
  const decision = decisionOf(request, before, params);
  if (before.duplicate) return { answer: { chargedFrom: 'duplicate', status: statusOf(request, before, decision) } };
  if (!decision.allowed) throw denial(request.kind, decision.denial!);
  if (decision.source === 'window') return { answer: { chargedFrom: 'window', status: statusOf(request, before, decision) } };
  return { source: decision.source! };
}
