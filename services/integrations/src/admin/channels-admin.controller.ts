import { Controller } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { channelListingFilterSchema, channelStoreFilterSchema, channelsAdminRoutes as routes, type RouteInput } from '@tuerca/contracts';
import { AdminRange, Bind, Input, parseInput } from '@tuerca/platform';
import {
  GetChannelListing,
  ListChannelListings,
  ListChannelStores,
  RetryChannelListing,
  channelStoreNotFound,
} from './channels-admin.queries.js';

/** The operator console's `channel-stores` and `channel-listings` resources (ra-data-simple-rest's dialect). */
@Controller()
export class ChannelsAdminController {
  constructor(
    private readonly queries: QueryBus,
    private readonly commands: CommandBus,
  ) {}

  @Bind(routes.stores)
  async stores(@Input() { query }: RouteInput<typeof routes.stores>) {
    const filter = parseInput(channelStoreFilterSchema, query.filter);
    const { rows, total, offset } = await this.queries.execute(new ListChannelStores(query, filter));
    return new AdminRange('channel-stores', rows, offset, total);
  }

  @Bind(routes.store)
  async store(@Input() { params }: RouteInput<typeof routes.store>) {
    const { rows } = await this.queries.execute(new ListChannelStores({ range: [0, 0] } as never, { id: [params.id] }));
    if (!rows[0]) throw channelStoreNotFound();
    return rows[0];
  }

  @Bind(routes.listings)
  async listings(@Input() { query }: RouteInput<typeof routes.listings>) {
    const filter = parseInput(channelListingFilterSchema, query.filter);
    const { rows, total, offset } = await this.queries.execute(new ListChannelListings(query, filter));
    return new AdminRange('channel-listings', rows, offset, total);
  }

  @Bind(routes.listing)
  listing(@Input() { params }: RouteInput<typeof routes.listing>) {
    return this.queries.execute(new GetChannelListing(params.id));
  }

  @Bind(routes.retry)
  retry(@Input() { params }: RouteInput<typeof routes.retry>) {
    return this.commands.execute(new RetryChannelListing(params.id));
  }
}
