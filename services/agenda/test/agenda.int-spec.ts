import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Queue } from 'bullmq';
import { CommandBus } from '@nestjs/cqrs';
import { Clock, ScheduledWork, createRedis } from '@tuerca/platform';
import { TestClient, eventually, startTestHttpApp, type TestHttpApp } from '@tuerca/platform/testing';
import { DEMO_PASSWORD, IdentityModule, seedIdentity } from '@tuerca/identity';
import { NotificationsModule } from '@tuerca/notifications';
import { ActivityReminders, AgendaModule, SendActivityReminder, instantToWallClock, wallClockToInstant } from '@tuerca/agenda';

const PATH = '/api/users/activitiesAgenda';
const MINUTE = 60_000;
const DAY = 86_400_000;

type Row = Record<string, any>;

/** The wall clock in Bogotá `ms` from now, as the spec's `date`. */
const bogotaIn = (ms: number) => instantToWallClock(new Date(Date.now() + ms), 'America/Bogota');

describe('agenda: /api/users/activitiesAgenda, reminders by e-mail and WhatsApp', () => {
  let t: TestHttpApp;
  let camila: TestClient;
  let jorge: TestClient;
  let mexico: TestClient;
  let guest: TestClient;
  let queue: Queue;
  let connection: ReturnType<typeof createRedis>;

  beforeAll(async () => {
    // No background sweep during the test: each test runs the sweep itself.
    t = await startTestHttpApp([IdentityModule, AgendaModule, NotificationsModule], { AGENDA_REMINDER_SWEEP_SECONDS: '3600' });
    await seedIdentity(t.db('identity'));
    const login = async (email: string) => {
      const c = new TestClient(t.url);
      expect((await c.post('/api/users/auth/login', { email, password: DEMO_PASSWORD })).status).toBe(200);
      return c;
    };
    camila = await login('cliente@tuerca.demo');
    jorge = await login('taller@tuerca.demo');
    mexico = await login('refaccionaria@tuerca.demo');
    guest = new TestClient(t.url);
    connection = createRedis(t.config.REDIS_URL, 'bullmq');
    queue = new Queue('agenda', { connection, prefix: `${t.config.REDIS_PREFIX}:jobs` });
  });

  afterAll(async () => {
    await queue?.close();
    connection?.disconnect();
    await t?.close();
  });

  const reminders = () => t.app.get(ActivityReminders);
  const alarm = async (a: Row) => (a.remind_at ? queue.getJob(reminders().jobId(a.id, new Date(a.remind_at))) : undefined);
  const sql = <T = Row>(schema: string, q: string, params: unknown[] = []) => t.db(schema).em().execute<T[]>(q, params);
  const outbox = (type: string, activityId: string) =>
    sql<{ payload: Row }>(
      'agenda',
      `select envelope->'payload' as payload from outbox_events where type = ? and envelope->'payload'->>'activityId' = ? order by created_at`,
      [type, activityId],
    );
  const body = (extra: Row = {}) => ({
    name: 'Cambio de pastillas de freno',
    date: bogotaIn(3 * DAY),
    activity: 'Cambiar pastillas delanteras del Mazda 3 (ref. 4605A198)',
    activity_url: '/catalogo/products/123',
    ...extra,
  });

  it('guests are refused; bad input is a 400 in Spanish and writes nothing', async () => {
    expect((await guest.get(PATH)).status).toBe(401);
    expect((await guest.post(PATH, body())).status).toBe(401);

    const before = await sql('agenda', 'select count(*)::int as n from activities');
    const missing = await camila.post(PATH, {});
    expect(missing.status).toBe(400);
    // spec 001 §5 "Default required-field message: 'Este campo es requerido!'"
    expect(missing.body.errors).toContain('¡Este campo es requerido!');
    const long = await camila.post(PATH, body({ activity: 'x'.repeat(257) }));
    expect(long.status).toBe(400);
    expect(long.body.errors.join(' ')).toMatch(/256 caracteres/);
    for (const date of ['2026-02-30 10:00:00', '2026-12-01T10:00:00', 'mañana']) {
      const bad = await camila.post(PATH, body({ date }));
      expect(bad.status).toBe(400);
      expect(bad.body.errors).toContain('La fecha debe tener el formato AAAA-MM-DD HH:MM:SS');
    }
    expect((await camila.post(PATH, body({ reminder_minutes: 7 }))).status).toBe(400);
    expect((await camila.get(`${PATH}?filter=${encodeURIComponent('{"from":"2026-13-01"}')}`)).status).toBe(400);
    expect((await camila.get(`${PATH}?filter=nojson`)).status).toBe(400);
    expect(await sql('agenda', 'select count(*)::int as n from activities')).toEqual(before);
  });

  it('schedules an activity with its reminder alarm; only its owner sees, changes or deletes it', async () => {
    const res = await camila.post(PATH, body());
    expect(res.status).toBe(201);
    // spec 001 §8 "Activity: success '¡Correcto!' / 'La actividad se agendó exitosamente.'"
    expect(res.body.metadata.message).toBe('La actividad se agendó exitosamente.');
    const a = res.body.data as Row;
    expect(a).toMatchObject({
      activity_state: 0,
      activity_url: '/catalogo/products/123',
      reminder_minutes: 60,
      time_zone: 'America/Bogota',
      reminded_at: null,
    });
    // The reminder goes its lead (60 minutes by default) before the activity, whose date is Bogotá's wall clock.
    expect(new Date(a.remind_at).getTime()).toBe(wallClockToInstant(a.date, 'America/Bogota').getTime() - 60 * MINUTE);
    const job = await alarm(a);
    expect(job?.data).toEqual({ id: a.id });
    expect(await job?.getState()).toBe('delayed');
    expect((await outbox('ActivityScheduled', a.id)).map((e) => e.payload.rescheduled)).toEqual([false]);

    for (const other of [jorge, mexico]) {
      expect((await other.get(`${PATH}/${a.id}`)).status).toBe(404);
      expect((await other.request('PATCH', `${PATH}/${a.id}`, { name: 'Mío' })).status).toBe(404);
      expect((await other.request('DELETE', `${PATH}/${a.id}`)).status).toBe(404);
      expect(((await other.get(PATH)).body.data as Row[]).map((r) => r.id)).not.toContain(a.id);
    }
    expect((await camila.get(`${PATH}/not-a-uuid`)).status).toBe(404);
    const mine = await camila.get(`${PATH}/${a.id}`);
    expect(mine.status).toBe(200);
    expect(mine.body.data.name).toBe('Cambio de pastillas de freno');
  });

  it('a Mexican account reads its dates in Ciudad de México time', async () => {
    const res = await mexico.post(PATH, body({ date: '2030-07-01 08:30:00', reminder_minutes: 1440 }));
    expect(res.status).toBe(201);
    expect(res.body.data.time_zone).toBe('America/Mexico_City');
    expect(res.body.data.remind_at).toBe('2030-06-30T14:30:00.000Z');
  });

  it('moving an activity moves its alarm; done removes it, undo sets it again; delete removes it', async () => {
    const a = (await camila.post(PATH, body({ date: bogotaIn(5 * DAY) }))).body.data as Row;
    const first = await alarm(a);
    expect(first).toBeDefined();

    const moved = await camila.request('PATCH', `${PATH}/${a.id}`, { date: bogotaIn(6 * DAY), reminder_minutes: 1440 });
    expect(moved.status).toBe(200);
    expect(moved.body.metadata.message).toBe('La actividad se actualizó exitosamente.');
    const b = moved.body.data as Row;
    expect(new Date(b.remind_at).getTime()).toBeLessThan(new Date(a.remind_at).getTime() + DAY);
    expect(await queue.getJob(first!.id!)).toBeUndefined();
    expect(await alarm(b)).toBeDefined();
    expect((await outbox('ActivityScheduled', a.id)).map((e) => e.payload.rescheduled)).toEqual([false, true]);

    // A change of text only keeps the alarm and records no new schedule.
    const renamed = (await camila.request('PATCH', `${PATH}/${a.id}`, { name: 'Revisión general' })).body.data as Row;
    expect(renamed.remind_at).toBe(b.remind_at);
    expect(await alarm(b)).toBeDefined();
    expect(await outbox('ActivityScheduled', a.id)).toHaveLength(2);

    const done = (await camila.request('PATCH', `${PATH}/${a.id}`, { activity_state: 1 })).body.data as Row;
    expect(done).toMatchObject({ activity_state: 1, remind_at: null });
    expect(await alarm(b)).toBeUndefined();
    const undone = (await camila.request('PATCH', `${PATH}/${a.id}`, { activity_state: 0 })).body.data as Row;
    expect(undone.remind_at).toBe(b.remind_at);
    expect(await alarm(undone)).toBeDefined();

    const removed = await camila.request('DELETE', `${PATH}/${a.id}`);
    expect(removed.status).toBe(200);
    expect(removed.body.metadata.message).toBe('La actividad se eliminó exitosamente.');
    expect(await alarm(undone)).toBeUndefined();
    expect((await camila.get(`${PATH}/${a.id}`)).status).toBe(404);
    expect((await camila.request('DELETE', `${PATH}/${a.id}`)).status).toBe(404);
  });

  it('lists by date with the state, day-range and text filters, zero-based pages of pageSize', async () => {
    const c = new TestClient(t.url);
    expect((await c.post('/api/users/auth/login', { email: 'vendedor@tuerca.demo', password: DEMO_PASSWORD })).status).toBe(200);
    const dates = ['2031-03-02 09:00:00', '2031-03-01 09:00:00', '2031-03-03 09:00:00', '2031-04-01 10:00:00'];
    const ids: string[] = [];
    for (const [i, date] of dates.entries())
      ids.push((await c.post(PATH, body({ date, name: i === 3 ? 'SOAT' : `Tarea ${i}` }))).body.data.id as string);
    await c.request('PATCH', `${PATH}/${ids[0]}`, { activity_state: 1 });

    const list = async (filter: Row, extra = '') =>
      (await c.get(`${PATH}?filter=${encodeURIComponent(JSON.stringify(filter))}${extra}`)).body as { data: Row[]; metadata: Row };
    expect((await list({})).data.map((r) => r.date)).toEqual([...dates].sort());
    expect((await list({ activity_state: 1 })).data.map((r) => r.id)).toEqual([ids[0]]);
    expect((await list({ activity_state: 0 })).metadata.total).toBe(3);
    expect((await list({ from: '2031-03-02', to: '2031-03-03' })).data.map((r) => r.date)).toEqual([
      '2031-03-02 09:00:00',
      '2031-03-03 09:00:00',
    ]);
    expect((await list({ q: 'soat' })).data.map((r) => r.id)).toEqual([ids[3]]);
    const page = await list({}, '&page=1&pageSize=3');
    expect(page.metadata).toMatchObject({ total: 4, page: 1, pageSize: 3 });
    expect(page.data.map((r) => r.date)).toEqual(['2031-04-01 10:00:00']);
    const reversed = await c.get(`${PATH}?filter=${encodeURIComponent('{"from":"2031-03-05","to":"2031-03-01"}')}`);
    expect(reversed.status).toBe(400);
    expect(reversed.body.errors).toContain('La fecha final debe ser igual o posterior a la inicial');
  });

  it('at a moved clock the reminder goes out once, and notifications queue its e-mail and WhatsApp', async () => {
    const clock = t.app.get(Clock);
    const commands = t.app.get(CommandBus);
    const a = (await camila.post(PATH, body({ date: bogotaIn(2 * DAY), reminder_minutes: 120 }))).body.data as Row;
    expect(await commands.execute(new SendActivityReminder(a.id))).toBe(false);
    clock.advance(2 * DAY - 120 * MINUTE + MINUTE);
    try {
      expect(await commands.execute(new SendActivityReminder(a.id))).toBe(true);
      expect(await commands.execute(new SendActivityReminder(a.id))).toBe(false);
    } finally {
      clock.reset();
    }
    const [due] = await outbox('ActivityReminderDue', a.id);
    expect(due!.payload).toMatchObject({
      name: 'Cambio de pastillas de freno',
      email: 'cliente@tuerca.demo',
      mobile: '+573001234567',
      minutesBefore: 120,
      activityUrl: `${t.config.PUBLIC_URL}/catalogo/products/123`,
    });
    expect((await camila.get(`${PATH}/${a.id}`)).body.data.reminded_at).not.toBeNull();

    const messages = await eventually(async () => {
      const rows = await sql(
        'notifications',
        `select * from messages where template = 'activity-reminder' and user_id = ? order by channel`,
        [due!.payload.userId],
      );
      return rows.length === 2 && rows.every((m) => m.status === 'sent') ? rows : null;
    });
    expect(messages.map((m) => [m.channel, m.recipient])).toEqual([
      ['email', 'cliente@tuerca.demo'],
      ['whatsapp', '+573001234567'],
    ]);
    const [d, tm] = (a.date as string).split(' ');
    const [y, mo, dd] = d!.split('-');
    expect(messages[0]!.text).toContain(`«Cambio de pastillas de freno», el ${dd}/${mo}/${y} ${tm!.slice(0, 5)} (hora de Bogotá)`);
  });

  it('a reminder due now is delivered by its own alarm job', async () => {
    const a = (await jorge.post(PATH, body({ name: 'Alineación', date: bogotaIn(10 * MINUTE), reminder_minutes: 15 }))).body.data as Row;
    const sent = await eventually(async () => {
      const rows = await outbox('ActivityReminderDue', a.id);
      return rows.length === 1 ? rows : null;
    });
    expect(sent[0]!.payload.email).toBe('taller@tuerca.demo');
  });

  it('the sweep re-creates a lost alarm, and not one that exists', async () => {
    const work = t.app.get(ScheduledWork);
    const a = (await camila.post(PATH, body({ name: 'Cambio de aceite', date: bogotaIn(3 * DAY), reminder_minutes: 60 }))).body.data as Row;
    const job = await alarm(a);
    await job!.remove();
    expect(await alarm(a)).toBeUndefined();
    // Not due within the sweep's horizon yet: nothing armed.
    expect(await work.sweep(reminders().handle)).toBe(0);
    const clock = t.app.get(Clock);
    clock.advance(3 * DAY - 60 * MINUTE - MINUTE);
    try {
      expect(await work.sweep(reminders().handle)).toBeGreaterThanOrEqual(1);
      expect(await alarm(a)).toBeDefined();
      expect(await work.sweep(reminders().handle)).toBe(0);
    } finally {
      clock.reset();
    }
  });
});
