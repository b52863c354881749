import { createHash } from 'node:crypto';
import { StreamableFile } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * An image or file that is the same for the same URL (a diagram, a product photo, a brand mark), served
 * the way a CDN caches it: `Cache-Control: public` with a lifetime, a strong `ETag` of the content, and
 * `304 Not Modified` when the client already holds it (`If-None-Match`). `nosniff` keeps browsers to the
 * declared type; SVG gets a CSP that forbids scripts inside it.
 */
export function staticFile(
  request: FastifyRequest,
  reply: FastifyReply,
  data: Buffer,
  type: string,
  options: { maxAgeSeconds?: number; etag?: string } = {},
): StreamableFile | undefined {
  const etag = options.etag ?? `"${createHash('sha1').update(data).digest('base64url')}"`;
  const maxAge = options.maxAgeSeconds ?? 86_400;
  void reply.header('cache-control', `public, max-age=${maxAge}, stale-while-revalidate=${maxAge * 7}`);
  void reply.header('etag', etag);
  void reply.header('x-content-type-options', 'nosniff');
  if (type.startsWith('image/svg')) void reply.header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'");
  const asked = request.headers['if-none-match'];
  if (asked && asked.split(/\s*,\s*/).some((t) => t === etag || t === `W/${etag}`)) {
    void reply.status(304);
    return undefined;
  }
  return new StreamableFile(data, { type, length: data.length });
}
