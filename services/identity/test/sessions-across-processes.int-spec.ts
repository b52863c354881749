import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Controller, Get, Module, Post } from '@nestjs/common';
import { Access, ContextDatabase, CurrentVisitor, ok, type Visitor } from '@tuerca/platform';
import { SessionRevocations } from '@tuerca/platform';
import { TestClient, eventually, startTestHttpApp, type TestHttpApp } from '@tuerca/platform/testing';
import { IdentityModule, seedIdentity, DEMO_PASSWORD } from '@tuerca/identity';

/** Another context's routes, served by a process that does not run identity. */
@Controller('api/probe')
class ProbeController {
  @Get('me')
  @Access('user')
  me(@CurrentVisitor() visitor: Visitor) {
    return ok({ email: visitor.user!.email, roles: visitor.user!.roles });
  }

  @Post('me')
  @Access('user')
  write(@CurrentVisitor() visitor: Visitor) {
    return ok({ email: visitor.user!.email });
  }

  @Get('public')
  public(@CurrentVisitor() visitor: Visitor) {
    return ok({ guest: visitor.isGuest });
  }
}

@Module({ controllers: [ProbeController] })
class ProbeModule {}

/**
 * Two processes as docker-compose runs them: identity in one, another context in the other resolving
 * sessions over HTTP (IDENTITY_URL) with its few-seconds cache, both on the same Redis.
 */
describe('sessions across processes', () => {
  let identity: TestHttpApp;
  let other: TestHttpApp;

  beforeAll(async () => {
    identity = await startTestHttpApp([IdentityModule], { RATE_LIMIT_LOGIN_PER_IP: '1000', RATE_LIMIT_LOGIN_PER_ACCOUNT: '1000' });
    await seedIdentity(identity.app.get(ContextDatabase, { strict: false }));
    other = await startTestHttpApp([ProbeModule], { IDENTITY_URL: identity.url, REDIS_PREFIX: identity.config.REDIS_PREFIX });
  });

  afterAll(async () => {
    await other?.close();
    await identity?.close();
  });

  /** A person logged in through identity, whose cookie is then used against the other process. */
  async function loggedIn(email: string) {
    const atIdentity = new TestClient(identity.url);
    expect((await atIdentity.post('/api/users/auth/login', { email, password: DEMO_PASSWORD })).status).toBe(200);
    const cookie = `tuerca_sid=${atIdentity.cookie('tuerca_sid')}`;
    return { atIdentity, atOther: new TestClient(other.url, { cookie }) };
  }

  it('a logout ends the session in every process: for a write from its answer on, for a read when its message arrives — not after the cache lifetime', async () => {
    const { atIdentity, atOther } = await loggedIn('cliente@tuerca.demo');
    // The other process resolves and caches the session, and hears the revocations channel.
    expect((await atOther.get('/api/probe/me')).body.data.email).toBe('cliente@tuerca.demo');
    await eventually(async () => (await atOther.get('/api/probe/me')).status === 200 && other.app.get(SessionRevocations).heard, 5000);
    expect((await atOther.get('/api/probe/me')).status).toBe(200);
    expect((await atOther.post('/api/probe/me', {})).status).toBe(201);

    const out = await atIdentity.post('/api/users/auth/logout');
    expect(out.status).toBe(200);
    // A write, immediately after the logout answered (it reads the marks in Redis): refused.
    const write = await atOther.post('/api/probe/me', {});
    expect(write.status).toBe(401);
    expect(write.body.message).toBe('Login required');
    // A read: as soon as the message arrives (well inside the 5 s the cache would have kept it).
    const started = Date.now();
    await eventually(async () => (await atOther.get('/api/probe/me')).status === 401, 1000);
    expect(Date.now() - started).toBeLessThan(1000);

    const events = await identity
      .db('identity')
      .em()
      .execute<{ n: string }[]>("select count(*) as n from outbox_events where type = 'UserLoggedOut'");
    expect(Number(events[0]!.n)).toBe(1);
  });

  it("an operator's change to a person reaches every process: its next write, and reads when the message arrives", async () => {
    const { atOther } = await loggedIn('taller@tuerca.demo');
    const before = await atOther.get('/api/probe/me');
    expect(before.body.data.roles).toEqual(['workshop']);

    const operator = new TestClient(identity.url);
    await operator.post('/api/users/auth/login', { email: 'operador@tuerca.demo', password: DEMO_PASSWORD });
    const [taller] = (await operator.get('/admin-api/users?filter=%7B%22q%22%3A%22taller%40tuerca.demo%22%7D')).body as { id: string }[];
    const changed = await operator.request('PUT', `/admin-api/users/${taller!.id}`, { roles: ['workshop', 'seller'] });
    expect(changed.status).toBe(200);
    await eventually(async () => (await atOther.get('/api/probe/me')).body.data?.roles?.length === 2, 1000);
    expect((await atOther.get('/api/probe/me')).body.data.roles).toEqual(['workshop', 'seller']);

    expect((await operator.request('PUT', `/admin-api/users/${taller!.id}`, { active: false })).status).toBe(200);
    expect((await atOther.post('/api/probe/me', {})).status).toBe(401);
    await eventually(async () => (await atOther.get('/api/probe/me')).status === 401, 1000);
  });

  it('with identity down, a logged-in request elsewhere answers 503 with the Spanish text, never 500; guests are served', async () => {
    const { atOther } = await loggedIn('asesor@tuerca.demo');
    await identity.app.close();
    const res = await atOther.get('/api/probe/me');
    expect(res.status).toBe(503);
    expect(res.body).toMatchObject({
      statusCode: 503,
      message: 'Service unavailable',
      errors: ['Servicio intermitente: no pudimos completar tu solicitud y no se cobró nada. Intenta de nuevo en unos segundos.'],
    });
    expect((await atOther.get('/api/probe/public')).status).toBe(503);
    expect((await new TestClient(other.url).get('/api/probe/public')).body.data.guest).toBe(true);
  });
});
