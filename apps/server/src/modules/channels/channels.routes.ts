import { routes } from '@cardstock/contract';
import type { FastifyInstance } from 'fastify';
import { registerRoute } from '../../lib/route.ts';
import type { ChannelsService } from './channels.service.ts';

export function channelsRoutes(app: FastifyInstance, channels: ChannelsService): void {
  registerRoute(app, routes.channels, ({ actor }) => channels.list(actor));
  registerRoute(app, routes.channelCardTrader, ({ actor, body }) => {
    const { token: _token, ...input } = body;
    return channels.saveCardTrader(actor, input);
  });
  registerRoute(app, routes.channelSync, ({ actor, body }) => channels.sync(actor, body.channel));
}
