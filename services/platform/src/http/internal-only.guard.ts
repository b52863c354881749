import { timingSafeEqual } from 'node:crypto';
import { isIP } from 'node:net';
import { Inject, Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import type { AppConfig } from '../config/config.js';
import { APP_CONFIG } from '../module/tokens.js';
import { ForbiddenError } from './domain-error.js';

/**
 * Whether an address belongs to the internal network: loopback, the private IPv4 ranges (10/8, 172.16/12,
 * 192.168/16 — docker-compose's networks among them) and IPv6 loopback and unique-local addresses.
 */
export function isInternalAddress(address: string | undefined): boolean {
  if (!address) return false;
  const ip = address.startsWith('::ffff:') && isIP(address.slice(7)) === 4 ? address.slice(7) : address;
  if (isIP(ip) === 4) {
    const [a, b] = ip.split('.').map(Number) as [number, number];
    return a === 127 || a === 10 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168);
  }
  if (isIP(ip) === 6) {
    const lower = ip.toLowerCase();
    return lower === '::1' || lower.startsWith('fc') || lower.startsWith('fd');
  }
  return false;
}

/**
 * The service-to-service routes (`/internal/*`: session resolution, the ports contexts offer each other) answer other processes of
 * Tuerca only (#20 finding 5): a caller on the internal network — the socket's own address, never a forwarding
 * header — holding the shared INTERNAL_TOKEN, compared in constant time. nginx never routes `/internal/`.
 */
@Injectable()
export class InternalOnlyGuard implements CanActivate {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  canActivate(context: ExecutionContext): boolean {
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    if (!isInternalAddress(request.socket.remoteAddress)) throw new ForbiddenError();
    const given = request.headers['x-internal-token'];
    const expected = Buffer.from(this.config.INTERNAL_TOKEN);
    const actual = Buffer.from(typeof given === 'string' ? given : '');
    if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) throw new ForbiddenError();
    return true;
  }
}
