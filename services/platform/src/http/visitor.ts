import { randomUUID } from 'node:crypto';
import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Actor, SessionUser } from '@tuerca/contracts';

export const SESSION_COOKIE = 'tuerca_sid';
const GUEST_MAX_AGE_S = 365 * 24 * 3600;
export const SESSION_MAX_AGE_S = 30 * 24 * 3600;

/**
 * Who is asking. Every visitor has a stable `guestId` (a signed cookie, no server state), so guest
 * counts are per visitor; a logged-in visitor also has a server-side session and a user.
 */
export interface Visitor {
  requestId: string;
  guestId: string;
  sessionId: string | null;
  user: SessionUser | null;
  isGuest: boolean;
  ip: string;
}

export function actorOf(v: Visitor): Actor {
  return v.user ? { kind: 'user', id: v.user.id } : { kind: 'guest', id: v.guestId };
}

export interface ResolvedSession {
  user: SessionUser;
  guestId: string;
}

/**
 * Resolves a session id to its user; identity implements it (in-process or over HTTP). `write`: the request
 * changes something, so an ended session must be refused from the moment its logout answered (SessionRevocations).
 */
export interface SessionResolver {
  resolve(sessionId: string, write?: boolean): Promise<ResolvedSession | null>;
}

/** Whether a request may change something (every method but GET and HEAD). */
export function isWrite(req: Pick<FastifyRequest, 'method'>): boolean {
  return req.method !== 'GET' && req.method !== 'HEAD';
}

declare module 'fastify' {
  interface FastifyRequest {
    visitor: Visitor;
  }
}

/** The cookie holds `g.<guestId>` for a guest or `s.<sessionId>` for a session, signed with SESSION_SECRET. */
export function parseCookieValue(value: string | null): { kind: 'g' | 's'; id: string } | null {
  if (!value) return null;
  const m = /^([gs])\.([A-Za-z0-9_-]{16,128})$/.exec(value);
  return m ? { kind: m[1] as 'g' | 's', id: m[2]! } : null;
}

export function setVisitorCookie(reply: FastifyReply, value: string, secure: boolean, maxAge: number): void {
  void reply.setCookie(SESSION_COOKIE, value, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure,
    signed: true,
    maxAge,
  });
}

export function startGuestSession(reply: FastifyReply, secure: boolean, guestId: string = randomUUID()): string {
  setVisitorCookie(reply, `g.${guestId}`, secure, GUEST_MAX_AGE_S);
  return guestId;
}

export function startUserSession(reply: FastifyReply, secure: boolean, sessionId: string): void {
  setVisitorCookie(reply, `s.${sessionId}`, secure, SESSION_MAX_AGE_S);
}

/**
 * The id of a request as its effects remember it: the client's `Idempotency-Key` when it sent a valid one, else the
 * request id (x-request-id, or one generated). A retried request with the same key is charged and written once.
 */
export function requestIdOf(req: FastifyRequest): string {
  const key = req.headers['idempotency-key'];
  if (typeof key === 'string' && /^[A-Za-z0-9_.:-]{8,128}$/.test(key)) return key;
  return String(req.id);
}

/** Signed cookie values verified lately, and what they hold (null: not signed with the secret). */
const verified = new Map<string, { kind: 'g' | 's'; id: string } | null>();
/** Enough for every visitor of a busy process's last minutes; past it the map starts over. */
export const MAX_VERIFIED_COOKIES = 50_000;

/**
 * The visitor id a signed cookie value holds, or null when its signature or shape is wrong. A value's check is the
 * same every time (the HMAC of the same text with the same secret), so it is computed once per value and kept:
 * verifying on every request was a twentieth of a cached lookup's cost (issue 21).
 */
function verifiedCookie(req: FastifyRequest, raw: string): { kind: 'g' | 's'; id: string } | null {
  const known = verified.get(raw);
  if (known !== undefined) return known;
  const unsigned = req.unsignCookie(raw);
  const parsed = unsigned.valid ? parseCookieValue(unsigned.value) : null;
  if (verified.size >= MAX_VERIFIED_COOKIES) verified.clear();
  verified.set(raw, parsed);
  return parsed;
}

/** Resolves the visitor of a request, issuing a guest cookie the first time. */
export async function resolveVisitor(
  req: FastifyRequest,
  reply: FastifyReply,
  resolver: SessionResolver | null,
  secure: boolean,
): Promise<Visitor> {
  const raw = req.cookies[SESSION_COOKIE];
  const parsed = raw ? verifiedCookie(req, raw) : null;
  const base = { requestId: requestIdOf(req), ip: req.ip };
  if (parsed?.kind === 's' && resolver) {
    const session = await resolver.resolve(parsed.id, isWrite(req));
    if (session) {
      return { ...base, guestId: session.guestId, sessionId: parsed.id, user: session.user, isGuest: false };
    }
  }
  if (parsed?.kind === 'g') return { ...base, guestId: parsed.id, sessionId: null, user: null, isGuest: true };
  // No cookie, a forged one, or an ended session: the visitor continues as a (new) guest.
  const guestId = startGuestSession(reply, secure);
  return { ...base, guestId, sessionId: null, user: null, isGuest: true };
}

/** `@CurrentVisitor() visitor: Visitor` in a controller. */
export const CurrentVisitor = createParamDecorator((_: unknown, ctx: ExecutionContext): Visitor => {
  return ctx.switchToHttp().getRequest<FastifyRequest>().visitor;
});
