import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { PlanPurchased } from '@tuerca/contracts';
import { kysely, type KernelDB } from '@tuerca/platform';
import { TestClient, eventually, startTestHttpApp, type TestHttpApp } from '@tuerca/platform/testing';
import { DEMO_PASSWORD, IdentityModule, seedIdentity } from '@tuerca/identity';
import { NotificationsModule } from '@tuerca/notifications';

/**
 * The kernel's operator resource `dead-letters` (issue "nothing lost"): list and show with the payload and
 * the error, replay one or every pending event of a group through the group's own handler (the worker side
 * of this ROLE=all process applies it), each applied once; a count in /ready's detail; operators only.
 */
describe('dead letters for operators', () => {
  let t: TestHttpApp;
  let operator: TestClient;
  let customer: TestClient;

  beforeAll(async () => {
    t = await startTestHttpApp([IdentityModule, NotificationsModule], { OUTBOX_POLL_MS: '50' });
    await seedIdentity(t.db('identity'));
    operator = new TestClient(t.url);
    customer = new TestClient(t.url);
    expect((await operator.post('/api/users/auth/login', { email: 'operador@tuerca.demo', password: DEMO_PASSWORD })).status).toBe(200);
    expect((await customer.post('/api/users/auth/login', { email: 'cliente@tuerca.demo', password: DEMO_PASSWORD })).status).toBe(200);
  });

  afterAll(async () => {
    await t?.close();
  });

  /** A PlanPurchased the notifications group `messages` refused, as processEvent leaves it after its attempts. */
  async function deadLetter(): Promise<{ id: string; eventId: string }> {
    const eventId = randomUUID();
    const envelope = {
      eventId,
      type: PlanPurchased.name,
      version: 1,
      occurredAt: new Date().toISOString(),
      aggregateId: randomUUID(),
      actor: { kind: 'system', id: 'test' },
      payload: {
        paymentId: randomUUID(),
        reference: `TU-${eventId.slice(0, 6)}`,
        userId: randomUUID(),
        planId: randomUUID(),
        type: 'catalog_consultations',
        amount: 30,
        priceInCents: 9_900_000,
        currency: 'COP',
      },
    };
    const k = kysely<KernelDB>(t.db('notifications').em());
    const row = await k
      .insertInto('DeadLetter')
      .values({
        consumerGroup: 'messages',
        eventId,
        type: envelope.type,
        version: 1,
        envelope: envelope as never,
        error: 'Error: rule refused',
        attempts: 5,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await k.insertInto('ProcessedEvent').values({ consumerGroup: 'messages', eventId }).execute();
    return { id: `notifications.${row.id}`, eventId };
  }

  const messagesOf = async (eventId: string) =>
    (await t.db('notifications').em().execute<{ n: string }[]>('select count(*) as n from messages where event_id = ?', [eventId]))[0]!.n;

  it('lists and shows them to operators only, with the payload and the error', async () => {
    const { id, eventId } = await deadLetter();
    const list = await operator.get(`/admin-api/dead-letters?filter=${encodeURIComponent('{"status":"open"}')}&range=[0,9]`);
    expect(list.status).toBe(200);
    expect(list.headers.get('content-range')).toMatch(/^dead-letters 0-\d+\/\d+$/);
    expect(list.body).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          id,
          consumer_group: 'notifications.messages',
          type: 'PlanPurchased',
          status: 'open',
          error: 'Error: rule refused',
        }),
      ]),
    );
    const one = await operator.get(`/admin-api/dead-letters/${id}`);
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({ id, event_id: eventId, envelope: { eventId, payload: { currency: 'COP' } } });

    expect((await customer.get('/admin-api/dead-letters')).status).toBe(403);
    expect((await new TestClient(t.url).get(`/admin-api/dead-letters/${id}`)).status).toBe(401);
    expect((await customer.post(`/admin-api/dead-letters/${id}/replay`)).status).toBe(403);
    // Another context's id, or one that does not exist: 404, never another row.
    expect((await operator.get(`/admin-api/dead-letters/identity.${id.split('.')[1]}`)).status).toBe(404);
    expect((await operator.get('/admin-api/dead-letters/notifications.999999999')).status).toBe(404);
    const bad = await operator.get('/admin-api/dead-letters/nada');
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual(['El identificador del evento no es válido.']);
  });

  it('replays one through the group’s handler, once, however often it is asked', async () => {
    const { id, eventId } = await deadLetter();
    const asked = await operator.post(`/admin-api/dead-letters/${id}/replay`);
    expect(asked.status).toBe(200);
    expect(['replay-requested', 'resolved']).toContain(asked.body.status);
    const done = await eventually(async () => {
      const r = await operator.get(`/admin-api/dead-letters/${id}`);
      return r.body.status === 'resolved' ? r.body : null;
    });
    expect(done).toMatchObject({ replays: 1, replay_requested_at: null });
    expect(await messagesOf(eventId)).toBe('1');
    const again = await operator.post(`/admin-api/dead-letters/${id}/replay`);
    expect(again.body).toMatchObject({ status: 'resolved', replays: 1 });
    await new Promise((r) => setTimeout(r, 500));
    expect(await messagesOf(eventId)).toBe('1');
  });

  it('replays every pending event of a group, and /ready counts what is pending', async () => {
    const before = await operator.get('/ready');
    const pending = before.body.detail.deadLetters.byGroup['notifications.messages'] ?? 0;
    const letters = [await deadLetter(), await deadLetter()];
    const ready = await operator.get('/ready');
    expect(ready.body.detail.deadLetters.byGroup['notifications.messages']).toBe(pending + 2);
    const asked = await operator.post('/admin-api/dead-letters/replay', { consumer_group: 'notifications.messages' });
    expect(asked.status).toBe(200);
    expect(asked.body).toEqual({ consumer_group: 'notifications.messages', requested: pending + 2 });
    for (const l of letters) await eventually(async () => (await messagesOf(l.eventId)) === '1');
    const after = await operator.get('/ready');
    expect(after.body.detail.deadLetters.byGroup['notifications.messages'] ?? 0).toBe(0);
    const unknown = await operator.post('/admin-api/dead-letters/replay', { consumer_group: 'nadie' });
    expect(unknown.status).toBe(400);
  });
});
