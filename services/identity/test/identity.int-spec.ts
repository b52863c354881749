import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Controller, Get, Module } from '@nestjs/common';
import { Access, ContextDatabase, ok } from '@tuerca/platform';
import { TestClient, startTestHttpApp, type TestHttpApp } from '@tuerca/platform/testing';
import { IdentityModule, seedIdentity, DEMO_PASSWORD } from '@tuerca/identity';

/** A context-like controller to prove the role guard other contexts rely on. */
@Controller('api/test-guard')
class GuardedController {
  @Get('operators')
  @Access(['operator'])
  operators() {
    return ok({ secret: 'only operators' });
  }

  @Get('users')
  @Access('user')
  users() {
    return ok({ secret: 'any logged-in person' });
  }
}

@Module({ controllers: [GuardedController] })
class GuardedModule {}

describe('identity over HTTP', () => {
  let t: TestHttpApp;

  beforeAll(async () => {
    t = await startTestHttpApp([IdentityModule, GuardedModule], { RATE_LIMIT_LOGIN_PER_ACCOUNT: '3', RATE_LIMIT_LOGIN_PER_IP: '1000' });
    await seedIdentity(t.app.get(ContextDatabase, { strict: false }));
  });

  afterAll(async () => {
    await t?.close();
  });

  const client = () => new TestClient(t.url);

  it('issues a guest cookie once and keeps the same visitor id', async () => {
    const c = client();
    const first = await c.get('/api/core/sessionControlData/0');
    expect(first.status).toBe(200);
    expect(first.body.data.isGuest).toBe(true);
    expect(first.body.data.user.isGuest).toBe(true);
    const cookie = first.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/tuerca_sid=/);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    const second = await c.get('/api/core/sessionControlData/0?refererUrl=%2Fcatalogo');
    expect(second.headers.get('set-cookie')).toBeNull();
    expect(second.body.data.user.id).toBe(first.body.data.user.id);
  });

  it('replaces a forged cookie with a new guest', async () => {
    const c = new TestClient(t.url, { cookie: 'tuerca_sid=s.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA.forged' });
    const res = await c.get('/api/core/sessionControlData/0');
    expect(res.status).toBe(200);
    expect(res.body.data.isGuest).toBe(true);
    expect(res.headers.get('set-cookie')).toMatch(/tuerca_sid=/);
  });

  it('logs in and out, keeping the visitor id across', async () => {
    const c = client();
    const guest = await c.get('/api/core/sessionControlData/0');
    const guestId = guest.body.data.user.id as string;
    const login = await c.post('/api/users/auth/login', { email: 'Taller@Tuerca.demo ', password: DEMO_PASSWORD });
    expect(login.status).toBe(200);
    expect(login.body.data.isGuest).toBe(false);
    expect(login.body.data.user).toMatchObject({
      email: 'taller@tuerca.demo',
      roles: ['workshop'],
      downloadPartsCatalog: true,
      isGuest: false,
    });
    const userId = login.body.data.user.id as string;
    const session = await c.get(`/api/core/sessionControlData/${userId}`);
    expect(session.body).toMatchObject({ data: { isGuest: false, user: { id: userId } }, metadata: { sessionActive: true } });

    const out = await c.post('/api/users/auth/logout');
    expect(out.status).toBe(200);
    expect(out.body.data).toMatchObject({ isGuest: true, user: { id: guestId } });
    const after = await c.get(`/api/core/sessionControlData/${userId}`);
    expect(after.body).toMatchObject({ data: { isGuest: true }, metadata: { sessionActive: false } });
  });

  it('an ended session cookie no longer works, even if replayed', async () => {
    const c = client();
    await c.post('/api/users/auth/login', { email: 'cliente@tuerca.demo', password: DEMO_PASSWORD });
    const stolen = c.cookie('tuerca_sid')!;
    await c.post('/api/users/auth/logout');
    const replay = new TestClient(t.url, { cookie: `tuerca_sid=${stolen}` });
    const res = await replay.get('/api/test-guard/users');
    expect(res.status).toBe(401);
    expect(res.body.message).toBe('Login required');
  });

  it('rejects a wrong password with the Spanish text', async () => {
    const res = await client().post('/api/users/auth/login', { email: 'cliente@tuerca.demo', password: 'no-es-esta' });
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ statusCode: 401, message: 'Invalid credentials', errors: ['Correo o contraseña incorrectos'] });
  });

  it('limits login attempts per account, with a clear message', async () => {
    const c = client();
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++)
      statuses.push((await c.post('/api/users/auth/login', { email: 'asesor@tuerca.demo', password: `wrong-${i}` })).status);
    expect(statuses).toEqual([401, 401, 401, 429]);
    const blocked = await c.post('/api/users/auth/login', { email: 'asesor@tuerca.demo', password: DEMO_PASSWORD });
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toBe('Too many requests');
    expect(blocked.body.errors[0]).toMatch(/^Demasiados intentos\. Intenta de nuevo en \d+ minutos\.$/);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('limits login attempts per address', async () => {
    const limited = await startTestHttpApp([IdentityModule], { RATE_LIMIT_LOGIN_PER_IP: '2' });
    try {
      const c = new TestClient(limited.url);
      const statuses: number[] = [];
      for (let i = 0; i < 3; i++)
        statuses.push((await c.post('/api/users/auth/login', { email: `x${i}@tuerca.demo`, password: 'whatever1' })).status);
      expect(statuses).toEqual([401, 401, 429]);
    } finally {
      await limited.close();
    }
  });

  /** The one-time token of the last registration link e-mailed to `email` (read from the outbox, as the e-mail is). */
  async function linkSentTo(email: string): Promise<string> {
    const rows = await t
      .db('identity')
      .em()
      .execute<{ url: string }[]>(
        "select envelope->'payload'->>'verifyUrl' as url from outbox_events where type = 'RegistrationRequested' and envelope->'payload'->>'email' = ? order by created_at desc limit 1",
        [email],
      );
    expect(rows[0]?.url).toMatch(/\/users\/page\/verificar\?token=/);
    return new URL(rows[0]!.url).searchParams.get('token')!;
  }

  it('registration answers the same whether the e-mail is new or already has an account', async () => {
    const fresh = client();
    const known = client();
    const a = await fresh.post('/api/users/auth/register', {
      email: 'Alguien.Nuevo@correo.co',
      password: 'clave-segura-1',
      name: 'Alguien Nuevo',
    });
    const b = await known.post('/api/users/auth/register', {
      email: 'cliente@tuerca.demo',
      password: 'clave-segura-1',
      name: 'Otra Persona',
    });
    expect(a.status).toBe(202);
    expect(b.status).toBe(202);
    expect(a.body).toEqual({ data: { email: 'alguien.nuevo@correo.co', verificationSent: true }, metadata: {} });
    expect(b.body).toEqual({ data: { email: 'cliente@tuerca.demo', verificationSent: true }, metadata: {} });
    // Neither starts a session: both visitors are still guests.
    for (const c of [fresh, known]) expect((await c.get('/api/core/sessionControlData/0')).body.data.isGuest).toBe(true);
    // The owner of the existing account is told by e-mail instead.
    const notes = await t
      .db('identity')
      .em()
      .execute<{ n: string }[]>(
        "select count(*) as n from outbox_events where type = 'RegistrationOnExistingAccount' and envelope->'payload'->>'email' = 'cliente@tuerca.demo'",
      );
    expect(Number(notes[0]!.n)).toBe(1);
  });

  it('the e-mailed link creates the account and logs the person in, once; then sign-up is completed', async () => {
    const c = client();
    const res = await c.post('/api/users/auth/register', {
      email: 'nueva.persona@correo.co',
      password: 'clave-segura-1',
      name: 'Nueva Persona',
    });
    expect(res.status).toBe(202);
    expect((await c.post('/api/users/auth/login', { email: 'nueva.persona@correo.co', password: 'clave-segura-1' })).status).toBe(401);
    const token = await linkSentTo('nueva.persona@correo.co');

    const verified = await c.post('/api/users/auth/verifyEmail', { token });
    expect(verified.status).toBe(201);
    expect(verified.body.data.user).toMatchObject({
      email: 'nueva.persona@correo.co',
      roles: ['customer'],
      signUpCompleted: false,
      isGuest: false,
    });
    const again = await client().post('/api/users/auth/verifyEmail', { token });
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({
      message: 'Invalid verification link',
      errors: ['El enlace de verificación no es válido o ya venció. Regístrate de nuevo para recibir otro.'],
    });

    const done = await c.post('/api/users/users/completeSignUp', { name: 'Nueva Persona', mobile: '300 123 4567', country: 'CO' });
    expect(done.status).toBe(200);
    expect(done.body.data.user).toMatchObject({ signUpCompleted: true, mobile: '+573001234567' });
  });

  it('a second link for an e-mail that got its account meanwhile answers that the account exists', async () => {
    await client().post('/api/users/auth/register', { email: 'doble@correo.co', password: 'clave-segura-1', name: 'Doble Registro' });
    const first = await linkSentTo('doble@correo.co');
    await client().post('/api/users/auth/register', { email: 'doble@correo.co', password: 'otra-clave-2', name: 'Doble Registro' });
    const second = await linkSentTo('doble@correo.co');
    expect(second).not.toBe(first);
    expect((await client().post('/api/users/auth/verifyEmail', { token: first })).status).toBe(201);
    const late = await client().post('/api/users/auth/verifyEmail', { token: second });
    expect(late.status).toBe(409);
    expect(late.body.errors).toEqual(['Este correo electrónico ya está registrado']);
  });

  it('refuses common and guessable passwords with Spanish reasons', async () => {
    for (const password of ['11111111', 'Password1!', 'qwertyuiop']) {
      const res = await client().post('/api/users/auth/register', { email: 'debil@correo.co', password, name: 'Clave Débil' });
      expect(res.status).toBe(400);
      expect(res.body.errors[0]).toBe('Esta contraseña es fácil de adivinar: elige otra.');
      expect(res.body.details).toEqual([expect.objectContaining({ path: 'password' })]);
    }
  });

  it('records UserRegistered and UserLoggedIn in the outbox with the change', async () => {
    const rows = await t
      .db('identity')
      .em()
      .execute<{ type: string }[]>(
        "select type from outbox_events where envelope->'payload'->>'email' = 'nueva.persona@correo.co' or type = 'UserLoggedIn'",
      );
    const types = new Set(rows.map((r) => r.type));
    expect(types.has('UserRegistered')).toBe(true);
    expect(types.has('UserLoggedIn')).toBe(true);
  });

  it('the role guard denies and allows', async () => {
    const guest = client();
    expect((await guest.get('/api/test-guard/operators')).status).toBe(401);
    const customer = client();
    await customer.post('/api/users/auth/login', { email: 'cliente@tuerca.demo', password: DEMO_PASSWORD });
    const denied = await customer.get('/api/test-guard/operators');
    expect(denied.status).toBe(403);
    expect(denied.body).toMatchObject({ message: 'Forbidden', errors: ['No tienes permiso para realizar esta acción'] });
    expect((await customer.get('/api/test-guard/users')).status).toBe(200);
    const operator = client();
    await operator.post('/api/users/auth/login', { email: 'operador@tuerca.demo', password: DEMO_PASSWORD });
    expect((await operator.get('/api/test-guard/operators')).body.data.secret).toBe('only operators');
  });

  describe('bad input gets 400 with Spanish text, never 500', () => {
    const cases: [string, string, unknown][] = [
      ['register without body fields', '/api/users/auth/register', {}],
      ['register with bad e-mail', '/api/users/auth/register', { email: 'no-es-correo', password: 'clave-segura-1', name: 'X Y' }],
      ['register with short password', '/api/users/auth/register', { email: 'a@b.co', password: '123', name: 'Ana' }],
      [
        'register with a role nobody may choose',
        '/api/users/auth/register',
        { email: 'a@b.co', password: 'clave-segura-1', name: 'Ana', role: 'operator' },
      ],
      ['login with wrong types', '/api/users/auth/login', { email: 42, password: ['x'] }],
      ['login with malformed JSON', '/api/users/auth/login', '{"email": '],
      ['login with an array body', '/api/users/auth/login', '[]'],
    ];
    it.each(cases)('%s', async (_label, path, body) => {
      const res = await client().post(path, body);
      expect(res.status).toBe(400);
      expect(res.body.statusCode).toBe(400);
      expect(typeof res.body.message).toBe('string');
      expect(res.body.errors.length).toBeGreaterThan(0);
      for (const e of res.body.errors as string[]) expect(e).toMatch(/[a-záéíóúñ]/i);
    });

    it('sessionControlData with a malformed user id', async () => {
      const res = await client().get('/api/core/sessionControlData/not-an-id');
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual(['Valor inválido']);
    });

    it('completeSignUp for a guest is login-required, and bad data is 400', async () => {
      expect((await client().post('/api/users/users/completeSignUp', { name: 'A B', mobile: '3001234567', country: 'CO' })).status).toBe(
        401,
      );
      const c = client();
      await c.post('/api/users/auth/login', { email: 'nuevo@tuerca.demo', password: DEMO_PASSWORD });
      const res = await c.post('/api/users/users/completeSignUp', { name: 'A', mobile: 'abc', country: 'AR' });
      expect(res.status).toBe(400);
      expect(res.body.details.map((d: { path: string }) => d.path).sort()).toEqual(['country', 'mobile', 'name']);
    });
  });

  it('unknown routes answer 404 in the error body', async () => {
    const res = await client().get('/api/no/existe');
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ statusCode: 404, message: 'Not found', errors: ['Recurso no encontrado'] });
  });

  it('serves health, readiness and the OpenAPI document', async () => {
    expect((await client().get('/health')).body).toEqual({ status: 'ok' });
    const ready = await client().get('/ready');
    expect(ready.status).toBe(200);
    // Identity consumes events too (SupplierApproved invites the new seller), so its consumers are part of readiness.
    expect(ready.body.checks).toEqual({ postgres: true, redis: true, eventBus: true, consumers: true });
    const docs = await client().get('/api/docs');
    expect(docs.body.openapi).toBe('3.0.3');
    expect(Object.keys(docs.body.paths)).toEqual(
      expect.arrayContaining(['/api/users/auth/login', '/api/core/sessionControlData/{userId}']),
    );
  });
});
