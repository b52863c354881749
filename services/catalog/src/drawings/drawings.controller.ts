import { Controller, Req, Res } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { catalogMediaRoutes as routes, type RouteInput } from '@tuerca/contracts';
import { Bind, Input, staticFile } from '@tuerca/platform';
import { GetPartPhoto } from './part-photo.query.js';

/** The catalogue's product photos, cacheable by any CDN (the same URL is always the same picture). */
@Controller()
export class DrawingsController {
  constructor(private readonly queries: QueryBus) {}

  @Bind(routes.partPhoto)
  async partPhoto(
    @Input() { params, query }: RouteInput<typeof routes.partPhoto>,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const webp = await this.queries.execute(new GetPartPhoto(params.partType, query));
    return staticFile(request, reply, webp, 'image/webp', { maxAgeSeconds: 7 * 86_400 });
  }
}
