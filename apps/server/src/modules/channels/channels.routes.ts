import { routes } from '@cardstock/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { registerRoute } from '../../lib/route.ts';
import type { ChannelsService } from './channels.service.ts';

export function channelsRoutes(app: FastifyInstance, channels: ChannelsService): void {
  registerRoute(app, routes.channels, ({ actor }) => channels.list(actor));
  registerRoute(app, routes.channelCardTrader, ({ actor, body }) => {
    const { token: _token, ...input } = body;
    return channels.saveCardTrader(actor, input);
  });
  registerRoute(app, routes.channelSync, ({ actor, body }) => channels.sync(actor, body.channel));
  registerRoute(app, routes.channelReconcile, ({ actor, body }) => channels.reconcile(actor, body.channel));
}

/**
 * Pushes every running channel whose shop changed, every CHANNEL_SYNC_SECONDS (one round at a time); the stop function
 * waits for the round under way. Several servers each run it: a channel's lease lets one of them push it.
 */
export function startChannelSchedule(ctx: AppContext, channels: ChannelsService): () => Promise<void> {
  let running: Promise<unknown> | undefined;
  const timer = setInterval(() => {
    if (running) return;
    running = channels
      .pushChanged()
      .catch((err: unknown) => ctx.log.error({ err }, 'the channels’ push round failed'))
      .finally(() => (running = undefined));
  }, ctx.config.channels.syncSeconds * 1000);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
