import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import type { Pool } from 'pg';
import { chargeForAnswer, type ConsumeResult, type MeterSubject } from '@tuerca/contracts';
import { Clock, DomainError, type ContextDatabase } from '@tuerca/platform';
import { TestClient, eventually, startTestHttpApp, type TestHttpApp } from '@tuerca/platform/testing';
import { IdentityModule, seedIdentity, DEMO_PASSWORD } from '@tuerca/identity';
import { BillingModule } from '@tuerca/billing';
import { CommandBus } from '@nestjs/cqrs';
import { LocalMetering } from '../src/metering/local-metering.js';
import { SetAppParameter } from '../src/parameters/set-app-parameter.command.js';
import { ConsumeConsultation, ConsumeConsultationHandler } from '../src/metering/consume-consultation.command.js';
import { AppParametersService } from '../src/parameters/app-parameters.service.js';

const DAY = 24 * 3600 * 1000;

describe('billing metering', () => {
  let t: TestHttpApp;
  let billing: ContextDatabase;
  let metering: LocalMetering;
  /** An operator's change of a parameter, through billing's command. */
  let params: { set(name: string, value: unknown, by: { user: { id: string } }): Promise<unknown> };
  let clock: Clock;

  beforeAll(async () => {
    t = await startTestHttpApp([IdentityModule, BillingModule]);
    billing = t.db('billing');
    await seedIdentity(t.db('identity'));
    metering = t.app.get(LocalMetering);
    const commands = t.app.get(CommandBus);
    params = { set: (name, value, by) => commands.execute(new SetAppParameter(name, value, { kind: 'user', id: by.user.id })) };
    clock = t.app.get(Clock);
  });

  afterAll(async () => {
    await t?.close();
  });

  beforeEach(() => clock.reset());

  const guest = (): MeterSubject => ({ kind: 'guest', id: randomUUID() });
  const user = (): MeterSubject => ({ kind: 'user', id: randomUUID() });
  const operator = { user: { id: 'operator-1' } };

  async function credit(userId: string, type: string, amount: number, days: number) {
    const id = randomUUID();
    const now = clock.now();
    await billing
      .em()
      .execute(
        `insert into balances (id, user_id, type, amount, remaining, source, created_at, expires_at) values (?, ?, ?, ?, ?, 'manual', ?, ?)`,
        [id, userId, type, amount, amount, now, new Date(now.getTime() + days * DAY)],
      );
    return id;
  }

  const consume = (
    who: MeterSubject,
    kind: 'substitutions' | 'catalog' | 'plate',
    subject: string,
    requestId: string = randomUUID(),
    storeId?: string,
  ) => metering.consume({ kind, who, subject, requestId, storeId });

  async function codeOf(p: Promise<unknown>): Promise<string> {
    try {
      await p;
      return 'allowed';
    } catch (err) {
      if (err instanceof DomainError) return `${err.status} ${err.code}`;
      throw err;
    }
  }

  it('walks a guest through the three levels for substitutions', async () => {
    await params.set('substitutionsFreeConsultationsWhitouthLogin', 2, operator);
    await params.set('substitutionsFreeConsultationsWithLoginWarning', 4, operator);
    const g = guest();
    const prompts: string[] = [];
    for (let i = 0; i < 4; i++) prompts.push((await consume(g, 'substitutions', `REF${i}`)).status.loginPrompt);
    expect(prompts).toEqual(['none', 'none', 'closable', 'required']);
    expect(await codeOf(consume(g, 'substitutions', 'REF9'))).toBe('401 Login required');
    // The same reference within 12 hours is browsing, not a new consultation.
    expect((await consume(g, 'substitutions', 'REF1')).chargedFrom).toBe('window');
  });

  it('answers the plate lookup login-required with 403', async () => {
    await params.set('plateFreeConsultationsWhitouthLogin', 1, operator);
    await params.set('plateFreeConsultationsWithLoginWarning', 2, operator);
    const g = guest();
    await consume(g, 'plate', 'ABC123');
    await consume(g, 'plate', 'XYZ987');
    expect(await codeOf(consume(g, 'plate', 'KLM456'))).toBe('403 Login required');
  });

  it('gives a logged-in person the free allowance, then balances earliest-expiry first, then general inquiries', async () => {
    await params.set('catalogV2FreeConsultationsWithLogin', 2, operator);
    const u = user();
    const late = await credit(u.id, 'catalog_consultations', 1, 80);
    const early = await credit(u.id, 'catalog_consultations', 1, 10);
    const general = await credit(u.id, 'general_inquiries', 1, 90);
    const sources: string[] = [];
    const balances: (string | null)[] = [];
    for (let i = 0; i < 5; i++) {
      const r = await consume(u, 'catalog', `vehicle-${i}`);
      sources.push(r.chargedFrom);
      const row = await billing
        .em()
        .execute<{ balance_id: string | null }[]>(
          'select balance_id from consumptions where owner_id = ? order by consumed_at desc, id limit 1',
          [u.id],
        );
      balances.push(row[0]!.balance_id);
    }
    expect(sources).toEqual(['free', 'free', 'balance', 'balance', 'general']);
    expect(balances.slice(2)).toEqual([early, late, general]);
    expect(await codeOf(consume(u, 'catalog', 'vehicle-9'))).toBe('401 Exhausted catalog inquiries');
  });

  it('answers each kind its own exhausted code', async () => {
    await params.set('substitutionsFreeConsultationsWithLogin', 0, operator);
    await params.set('catalogV2FreeConsultationsWithLogin', 0, operator);
    const u = user();
    expect(await codeOf(consume(u, 'substitutions', 'x'))).toBe('401 Exhausted substitutions inquiries');
    expect(await codeOf(consume(u, 'catalog', 'x'))).toBe('401 Exhausted catalog inquiries');
    expect(await codeOf(consume(u, 'plate', 'x'))).toBe('401 Exhausted license plate inquiries');
  });

  it('never double-spends: 200 concurrent consumptions of a balance of 50 give exactly 50', async () => {
    await params.set('plateFreeConsultationsWithLoginWarning', 2, operator);
    const u = user();
    const balance = await credit(u.id, 'plate_consultations', 50, 90);
    const results = await Promise.all(
      Array.from({ length: 200 }, (_, i) => codeOf(consume(u, 'plate', `PLT${String(i).padStart(3, '0')}`))),
    );
    expect(results.filter((r) => r === 'allowed')).toHaveLength(50);
    expect(results.filter((r) => r === '401 Exhausted license plate inquiries')).toHaveLength(150);
    const row = await billing.em().execute<{ remaining: number }[]>('select remaining from balances where id = ?', [balance]);
    expect(row[0]!.remaining).toBe(0);
  });

  it('never double-spends across processes: three handlers, each with its own queue, charging one balance at once', async () => {
    // Charges of one meter wait for each other in memory only inside one process; between processes the
    // meter's compare-and-set and its row lock decide. Three handlers stand for three processes.
    await params.set('plateFreeConsultationsWithLoginWarning', 2, operator);
    const u = user();
    const balance = await credit(u.id, 'plate_consultations', 40, 90);
    const processes = Array.from({ length: 3 }, () => new ConsumeConsultationHandler(billing, t.app.get(AppParametersService), clock));
    const results = await Promise.all(
      Array.from({ length: 120 }, (_, i) =>
        codeOf(
          processes[i % 3]!.execute(
            new ConsumeConsultation({ kind: 'plate', who: u, subject: `PLT${String(i).padStart(3, '0')}`, requestId: randomUUID() }),
          ),
        ),
      ),
    );
    expect(results.filter((r) => r === 'allowed')).toHaveLength(40);
    expect(results.filter((r) => r === '401 Exhausted license plate inquiries')).toHaveLength(80);
    const row = await billing.em().execute<{ remaining: number }[]>('select remaining from balances where id = ?', [balance]);
    expect(row[0]!.remaining).toBe(0);
    const charged = await billing.em().execute<{ n: number }[]>('select count(*)::int as n from consumptions where owner_id = ?', [u.id]);
    expect(charged[0]!.n).toBe(40);
  });

  it("one person's queue of charges, each decided on what the one ahead left: every subject charged once, repeats free, the same request once", async () => {
    // issue 21: a charge that waits for the one ahead of it decides on the state that charge left (MeterChain)
    // instead of reading the meter again — it must still open each subject's window once and charge a request once.
    await params.set('catalogV2FreeConsultationsWithLogin', 0, operator);
    const u = user();
    const balance = await credit(u.id, 'catalog_consultations', 100, 90);
    const requests = Array.from({ length: 60 }, (_, i) => ({
      subject: `OEM-${i % 20}`,
      requestId: i < 50 ? randomUUID() : 'the-same-request',
    }));
    const results = await Promise.all(requests.map((r) => consume(u, 'catalog', r.subject, r.requestId)));
    const by = (from: string) => results.filter((r) => r.chargedFrom === from).length;
    expect(by('balance')).toBe(20);
    expect(by('balance') + by('window') + by('duplicate')).toBe(60);
    const charged = await billing
      .em()
      .execute<{ subject: string; n: number }[]>(
        'select subject, count(*)::int as n from consumptions where owner_id = ? group by subject having count(*) > 1',
        [u.id],
      );
    expect(charged).toEqual([]);
    const left = await billing.em().execute<{ remaining: number }[]>('select remaining from balances where id = ?', [balance]);
    expect(left[0]!.remaining).toBe(80);
    const status = await metering.status({ kind: 'catalog', who: u });
    expect(status.searchesPerformed).toBe(20);
  });

  it('charges that waited for one another commit together, spending a balance to its end and then general inquiries', async () => {
    // issue 21: one person's charges that queued while one was committing go as one transaction (MeterQueue), each
    // deciding on what the one before it left — including a balance emptied inside the transaction.
    await params.set('catalogV2FreeConsultationsWithLogin', 0, operator);
    const u = user();
    const typed = await credit(u.id, 'catalog_consultations', 7, 10);
    const general = await credit(u.id, 'general_inquiries', 9, 90);
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) => codeOf(consume(u, 'catalog', `OEM-${String(i).padStart(2, '0')}`))),
    );
    expect(results.filter((r) => r === 'allowed')).toHaveLength(16);
    expect(results.filter((r) => r === '401 Exhausted catalog inquiries')).toHaveLength(14);
    const left = await billing
      .em()
      .execute<{ id: string; remaining: number }[]>('select id, remaining from balances where id in (?, ?)', [typed, general]);
    expect(Object.fromEntries(left.map((b) => [b.id, b.remaining]))).toEqual({ [typed]: 0, [general]: 0 });
    const rows = await billing
      .em()
      .execute<{ charged_from: string; n: number; transactions: number }[]>(
        'select charged_from, count(*)::int as n, count(distinct xmin::text)::int as transactions from consumptions where owner_id = ? group by charged_from order by charged_from',
        [u.id],
      );
    expect(rows.map((r) => [r.charged_from, r.n])).toEqual([
      ['balance', 7],
      ['general', 9],
    ]);
    // Fewer commits than charges: those that waited went together (xmin names the transaction that wrote a row).
    expect(rows.reduce((n, r) => n + r.transactions, 0)).toBeLessThan(16);
    const status = await metering.status({ kind: 'catalog', who: u });
    expect(status.searchesPerformed).toBe(16);
  });

  it('a repeat within the 12-hour window never waits on the charging lock; concurrent first charges while it is held charge once', async () => {
    // issue 21: "the 12-hour window check as a read that does not take the charging lock, and the charge itself as one round trip".
    await params.set('substitutionsFreeConsultationsWithLogin', 0, operator);
    const u = user();
    const balance = await credit(u.id, 'substitutions_consultations', 5, 90);
    expect((await consume(u, 'substitutions', 'REF-A')).chargedFrom).toBe('balance');
    const pool = await (billing.orm.em.getConnection() as unknown as { getNativeClient(): Promise<Pool> }).getNativeClient();
    const holder = await pool.connect();
    let firsts: Promise<ConsumeResult[]> | undefined;
    try {
      // Another transaction holds the person's meter row, as a charge in progress does.
      await holder.query('begin');
      const held = await holder.query(
        "select version from meters where owner_kind = 'user' and owner_id = $1 and kind = 'substitutions' for update",
        [u.id],
      );
      expect(held.rowCount).toBe(1);
      // Repeats answer while it is held: they never ask for the lock (a wait here would never end and fail the test).
      const repeats = await Promise.all(Array.from({ length: 3 }, () => consume(u, 'substitutions', 'REF-A')));
      expect(repeats.map((r) => r.chargedFrom)).toEqual(['window', 'window', 'window']);
      // First charges of a new reference do queue on it: the first on the row, the others behind it in memory ...
      firsts = Promise.all(Array.from({ length: 4 }, () => consume(u, 'substitutions', 'REF-B')));
      await eventually(async () => {
        const { rows } = await holder.query<{ n: number }>(
          "select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'",
        );
        return rows[0]!.n >= 1;
      });
      await holder.query('commit');
    } finally {
      await holder.query('rollback').catch(() => undefined);
      holder.release();
    }
    // ... and once it is released exactly one of them is charged; the others find the window it opened.
    const results = await firsts!;
    expect(results.map((r) => r.chargedFrom).sort()).toEqual(['balance', 'window', 'window', 'window']);
    const rows = await billing
      .em()
      .execute<{ subject: string }[]>('select subject from consumptions where owner_id = ? order by subject', [u.id]);
    expect(rows.map((r) => r.subject)).toEqual(['REF-A', 'REF-B']);
    const left = await billing.em().execute<{ remaining: number }[]>('select remaining from balances where id = ?', [balance]);
    expect(left[0]!.remaining).toBe(3);
  });

  it('charges once when the same request is consumed twice', async () => {
    const u = user();
    await credit(u.id, 'plate_consultations', 5, 90);
    const requestId = randomUUID();
    const first = await consume(u, 'plate', 'ABC123', requestId);
    const again = await consume(u, 'plate', 'ABC123', requestId);
    expect(first.chargedFrom).toBe('balance');
    expect(again.chargedFrom).toBe('duplicate');
    expect(again.status.consultationsAvailable.amount).toBe(4);
  });

  it('counts total plate queries as plate consultations plus general inquiries', async () => {
    const c = new TestClient(t.url);
    await c.post('/api/users/auth/login', { email: 'cliente@tuerca.demo', password: DEMO_PASSWORD });
    const me = (await c.get('/api/core/sessionControlData/0')).body.data.user.id as string;
    await credit(me, 'plate_consultations', 3, 90);
    await credit(me, 'general_inquiries', 4, 30);
    const res = await c.get('/api/garage/vehicle/getConsultationsByPlateAvailable');
    expect(res.status).toBe(200);
    expect(res.body.data.consultationsByPlateAvailable).toBe(7);
    expect(res.body.data.consultationsAvailable.amount).toBe(3);
    expect(res.body.data.generalInquiriesAvailable.expiredDate).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
  });

  it('stops counting an expired balance at once, even before its job runs', async () => {
    const u = user();
    await credit(u.id, 'catalog_consultations', 5, 90);
    await params.set('catalogV2FreeConsultationsWithLogin', 0, operator);
    expect((await metering.status({ kind: 'catalog', who: u })).consultationsAvailable.amount).toBe(5);
    clock.advance(91 * DAY);
    expect((await metering.status({ kind: 'catalog', who: u })).consultationsAvailable.amount).toBe(0);
    expect(await codeOf(consume(u, 'catalog', 'v1'))).toBe('401 Exhausted catalog inquiries');
  });

  it('closes the 12-hour browsing window at 12 hours', async () => {
    await params.set('catalogV2FreeConsultationsWithLogin', 1, operator);
    const u = user();
    expect((await consume(u, 'catalog', 'vehicle-A')).chargedFrom).toBe('free');
    clock.advance(11 * 3600 * 1000);
    expect((await consume(u, 'catalog', 'vehicle-A')).chargedFrom).toBe('window');
    clock.advance(2 * 3600 * 1000);
    expect(await codeOf(consume(u, 'catalog', 'vehicle-A'))).toBe('401 Exhausted catalog inquiries');
  });

  it('counts only the last 30 days', async () => {
    await params.set('substitutionsFreeConsultationsWithLogin', 2, operator);
    const u = user();
    await consume(u, 'substitutions', 'A');
    await consume(u, 'substitutions', 'B');
    expect(await codeOf(consume(u, 'substitutions', 'C'))).toBe('401 Exhausted substitutions inquiries');
    clock.advance(31 * DAY);
    expect((await consume(u, 'substitutions', 'C')).chargedFrom).toBe('free');
  });

  it('counts the last 30 days to the minute, across the days the counters are kept by, with refunds left out', async () => {
    // The counters sum whole UTC days (meter_days) and count the period's first day one by one: the edge must
    // be as exact as counting every consultation.
    const HOUR = 3600 * 1000;
    await params.set('catalogV2FreeConsultationsWithLogin', 100, operator);
    await params.set('catalogV2FreeConsultationsWithLoginStore', 100, operator);
    const u = user();
    const store = randomUUID();
    const now = clock.now().getTime();
    // Half past ten in the evening (UTC) of some day, then 23:30 the same day and 01:00 the next.
    clock.advance(Math.ceil(now / DAY) * DAY + 22.5 * HOUR - now);
    await consume(u, 'catalog', 'A', randomUUID(), store);
    clock.advance(1 * HOUR);
    await consume(u, 'catalog', 'B');
    clock.advance(1.5 * HOUR);
    await consume(u, 'catalog', 'C', randomUUID(), store);
    await consume(u, 'catalog', 'D');
    expect(
      await metering.refund({ kind: 'catalog', who: u, subject: 'D', requestId: (await lastRequest(u.id, 'D'))!, reason: 'prueba' }),
    ).toEqual({
      outcome: 'refunded',
    });
    const counters = async () => {
      const s = await metering.status({ kind: 'catalog', who: u, storeId: store });
      return [s.searchesPerformed, s.searchesPerformedInStore];
    };
    expect(await counters()).toEqual([3, 2]);
    // 30 days after A plus a quarter of an hour: A is out, B (same day) and C (the next) are in.
    clock.advance(30 * DAY - 2.5 * HOUR + 0.25 * HOUR);
    expect(await counters()).toEqual([2, 1]);
    // Past B: only C, although the period now starts on the day B was counted on.
    clock.advance(1 * HOUR);
    expect(await counters()).toEqual([1, 1]);
    // Past midnight, before C: C still in; past C: nothing.
    clock.advance(0.75 * HOUR);
    expect(await counters()).toEqual([1, 1]);
    clock.advance(1 * HOUR);
    expect(await counters()).toEqual([0, 0]);
  });

  async function lastRequest(ownerId: string, subject: string): Promise<string | undefined> {
    const rows = await billing
      .em()
      .execute<{ request_id: string }[]>('select request_id from consumptions where owner_id = ? and subject = ?', [ownerId, subject]);
    return rows[0]?.request_id;
  }

  it('uses the Store thresholds and counters inside a virtual store', async () => {
    await params.set('catalogV2FreeConsultationsWithLogin', 1, operator);
    await params.set('catalogV2FreeConsultationsWithLoginStore', 3, operator);
    const u = user();
    const store = randomUUID();
    for (let i = 0; i < 3; i++) expect((await consume(u, 'catalog', `s-${i}`, randomUUID(), store)).chargedFrom).toBe('free');
    expect(await codeOf(consume(u, 'catalog', 's-9', randomUUID(), store))).toBe('401 Exhausted catalog inquiries');
    const status = await metering.status({ kind: 'catalog', who: u, storeId: store });
    expect(status.searchesPerformedInStore).toBe(3);
  });

  it('feeds the quota counters read model from ConsultationConsumed events', async () => {
    await params.set('substitutionsFreeConsultationsWhitouthLogin', 5, operator);
    await params.set('substitutionsFreeConsultationsWithLoginWarning', 9, operator);
    const c = new TestClient(t.url);
    const visitor = (await c.get('/api/core/sessionControlData/0')).body.data.user.id as string;
    for (const ref of ['8200768913', '0986452041', 'W712/75']) await consume({ kind: 'guest', id: visitor }, 'substitutions', ref);
    const res = await eventually(async () => {
      const r = await c.get('/api/catalogo/catalogSubstitutions/getUserConsultations');
      return r.body.data.searchesPerformed === 3 ? r : null;
    });
    expect(res.body.data).toMatchObject({ searchesPerformed: 3, consultationsAvailable: { amount: 0, expiredDate: null } });
  });

  it('lets only operators change parameters, keeps who changed what, and rejects bad values', async () => {
    const op = new TestClient(t.url);
    await op.post('/api/users/auth/login', { email: 'operador@tuerca.demo', password: DEMO_PASSWORD });
    const customer = new TestClient(t.url);
    await customer.post('/api/users/auth/login', { email: 'cliente@tuerca.demo', password: DEMO_PASSWORD });
    expect((await customer.request('PATCH', '/api/core/appParameters/plateFreeConsultationsWhitouthLogin', { value: 9 })).status).toBe(403);
    expect(
      (await new TestClient(t.url).request('PATCH', '/api/core/appParameters/plateFreeConsultationsWhitouthLogin', { value: 9 })).status,
    ).toBe(401);
    const bad = await op.request('PATCH', '/api/core/appParameters/plateFreeConsultationsWhitouthLogin', { value: -3 });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual(['Debe ser mayor o igual a 0']);
    expect((await op.request('PATCH', '/api/core/appParameters/noExiste', { value: 1 })).status).toBe(404);
    const okRes = await op.request('PATCH', '/api/core/appParameters/plateFreeConsultationsWhitouthLogin', { value: 4 });
    expect(okRes.body.data).toEqual({ name: 'plateFreeConsultationsWhitouthLogin', value: 4 });
    expect((await c2get(t.url, '/api/core/appParameters')).body.data.plateFreeConsultationsWhitouthLogin).toBe(4);
    const history = await op.get('/api/core/appParameters/history?name=plateFreeConsultationsWhitouthLogin');
    expect(history.body.data[0]).toMatchObject({ value: 4 });
    const events = await billing
      .em()
      .execute<{ n: string }[]>(
        "select count(*) as n from outbox_events where type = 'AppParameterChanged' and envelope->'payload'->>'changedBy' <> 'operator-1'",
      );
    expect(Number(events[0]!.n)).toBeGreaterThan(0);
  });

  it('answers metering over the internal HTTP endpoint only with the internal token', async () => {
    const body = { kind: 'catalog', who: { kind: 'guest', id: randomUUID() } };
    const denied = await new TestClient(t.url).post('/internal/billing/metering/status', body);
    expect(denied.status).toBe(403);
    const okRes = await new TestClient(t.url, { 'x-internal-token': t.config.INTERNAL_TOKEN }).post(
      '/internal/billing/metering/status',
      body,
    );
    expect(okRes.status).toBe(200);
    expect(okRes.body.data).toMatchObject({ kind: 'catalog', isGuest: true, allowed: true, loginPrompt: 'none' });
    const bad = await new TestClient(t.url, { 'x-internal-token': t.config.INTERNAL_TOKEN }).post('/internal/billing/metering/consume', {
      kind: 'nada',
    });
    expect(bad.status).toBe(400);
  });
});

describe('idempotent metering and compensation (billing README: charge, answer, refund if the answer failed)', () => {
  let t: TestHttpApp;
  let billing: ContextDatabase;
  let metering: LocalMetering;

  beforeAll(async () => {
    t = await startTestHttpApp([BillingModule]);
    billing = t.db('billing');
    metering = t.app.get(LocalMetering);
    await t.app.get(CommandBus).execute(new SetAppParameter('plateFreeConsultationsWithLoginWarning', 2, { kind: 'system', id: 'test' }));
  });

  afterAll(async () => {
    await t?.close();
  });

  const sql = <T = Record<string, unknown>>(q: string, params: unknown[] = []) => billing.em().execute<T[]>(q, params);

  async function creditPlate(userId: string, amount: number) {
    const id = randomUUID();
    await sql(
      `insert into balances (id, user_id, type, amount, remaining, source, created_at, expires_at) values (?, ?, 'plate_consultations', ?, ?, 'manual', now(), now() + interval '90 days')`,
      [id, userId, amount, amount],
    );
    return id;
  }
  const remaining = async (balanceId: string) =>
    (await sql<{ remaining: number }>('select remaining from balances where id = ?', [balanceId]))[0]!.remaining;
  const plateCount = async (userId: string) =>
    (await metering.status({ kind: 'plate', who: { kind: 'user', id: userId } })).searchesPerformed;

  it('a retried request (the same HTTP request id) is charged once; one request consulting two subjects pays each once', async () => {
    const u = { kind: 'user' as const, id: randomUUID() };
    const balance = await creditPlate(u.id, 5);
    const requestId = randomUUID();
    const req = { kind: 'plate' as const, who: u, subject: 'ABC123', requestId };
    const tries = await Promise.all(Array.from({ length: 4 }, () => chargeForAnswer(metering, req, async () => 'ficha del vehículo')));
    expect(tries.map((x) => x.charged.chargedFrom).sort()).toEqual(['balance', 'duplicate', 'duplicate', 'duplicate']);
    expect(await remaining(balance)).toBe(4);
    // The same request id for another subject (a request that looks up several) is another consultation.
    expect((await metering.consume({ ...req, subject: 'XYZ987' })).chargedFrom).toBe('balance');
    expect(await remaining(balance)).toBe(3);
  });

  it('when the answer fails after the charge, the charge is refunded: balance, window and counters back, ConsultationRefunded', async () => {
    const u = { kind: 'user' as const, id: randomUUID() };
    const balance = await creditPlate(u.id, 3);
    const req = { kind: 'plate' as const, who: u, subject: 'KLM456', requestId: randomUUID() };
    const before = await plateCount(u.id);
    await expect(
      chargeForAnswer(metering, req, async () => {
        throw new Error('garage save failed');
      }),
    ).rejects.toThrow('garage save failed');
    expect(await remaining(balance)).toBe(3);
    const rows = await sql<{ refunded_at: Date | null; charged_from: string }>(
      'select refunded_at, charged_from from consumptions where owner_id = ?',
      [u.id],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.refunded_at).not.toBeNull();
    expect(rows[0]!.charged_from).toBe('balance');
    // Not counted, and no free browsing of an answer that never came.
    expect(await plateCount(u.id)).toBe(before);
    const status = await metering.status({ kind: 'plate', who: u, subject: 'KLM456' });
    expect(status.windowOpen).toBe(false);
    const refunded = await sql<{ payload: Record<string, unknown> }>(
      "select envelope->'payload' as payload from outbox_events where type = 'ConsultationRefunded' and aggregate_id = ?",
      [`user:${u.id}`],
    );
    expect(refunded).toHaveLength(1);
    expect(refunded[0]!.payload).toMatchObject({
      subject: 'KLM456',
      chargedFrom: 'balance',
      balanceId: balance,
      restored: true,
      reason: 'garage save failed',
    });
    // Refunding again refunds nothing.
    expect(await metering.refund({ ...req, reason: 'otra vez' })).toEqual({ outcome: 'none' });
    expect(await remaining(balance)).toBe(3);
    // The retry of that request, which now gets its answer, is charged — once.
    const retry = await chargeForAnswer(metering, req, async () => 'ficha del vehículo');
    expect(retry.charged.chargedFrom).toBe('balance');
    expect((await chargeForAnswer(metering, req, async () => 'ficha')).charged.chargedFrom).toBe('duplicate');
    expect(await remaining(balance)).toBe(2);
  });

  it('the quota counters take a refunded consultation off its day', async () => {
    const u = { kind: 'user' as const, id: randomUUID() };
    await creditPlate(u.id, 3);
    const ok = { kind: 'plate' as const, who: u, subject: 'AAA111', requestId: randomUUID() };
    await metering.consume(ok);
    await metering.consume({ ...ok, subject: 'BBB222', requestId: randomUUID() });
    await metering.refund({ ...ok, reason: 'registry timeout' });
    const counted = await eventually(async () => {
      const r = await sql<{ n: number }>('select coalesce(sum(count), 0)::int as n from quota_counters where owner_id = ?', [u.id]);
      const applied = await sql<{ n: number }>(
        "select count(*)::int as n from processed_events p join outbox_events o on o.event_id = p.event_id where o.aggregate_id = ? and p.consumer_group like '%quota-counters'",
        [`user:${u.id}`],
      );
      return applied[0]!.n === 3 ? r[0]!.n : null;
    });
    expect(counted).toBe(1);
  });

  it('refunds over the internal route with the internal token only', async () => {
    const u = { kind: 'user' as const, id: randomUUID() };
    const balance = await creditPlate(u.id, 2);
    const req = { kind: 'plate' as const, who: u, subject: 'QWE789', requestId: randomUUID() };
    await metering.consume(req);
    const body = { ...req, reason: 'garage save failed' };
    expect((await new TestClient(t.url).post('/internal/billing/metering/refund', body)).status).toBe(403);
    const res = await new TestClient(t.url, { 'x-internal-token': t.config.INTERNAL_TOKEN }).post(
      '/internal/billing/metering/refund',
      body,
    );
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ outcome: 'refunded' });
    expect(await remaining(balance)).toBe(2);
    const bad = await new TestClient(t.url, { 'x-internal-token': t.config.INTERNAL_TOKEN }).post('/internal/billing/metering/refund', {
      ...body,
      reason: '',
    });
    expect(bad.status).toBe(400);
  });
});

function c2get(url: string, path: string) {
  return new TestClient(url).get(path);
}
