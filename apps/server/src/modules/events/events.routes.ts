import { eventStreamTimings, routes, type ShopEvent } from '@cardstock/contract';
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { registerRoute } from '../../lib/route.ts';
import type { AppContext } from '../../context.ts';
import { EventHub } from './event-hub.ts';

/** The last event id a reconnecting stream heard: the `Last-Event-ID` header a browser sends, if it is a number. */
function lastEventIdOf(header: string | string[] | undefined): number | undefined {
  const text = Array.isArray(header) ? header[0] : header;
  if (text === undefined || !/^\d{1,15}$/.test(text.trim())) return undefined;
  return Number(text.trim());
}

/** One event in the stream's words. */
const frame = (event: ShopEvent) => `id: ${event.id}\nevent: ${event.kind}\ndata: ${JSON.stringify(event.data)}\n\n`;

/**
 * `GET /api/events` (issue 41): a staff member's or a paired tablet's stream of the shop's events, as Server-Sent
 * Events, held open until the client leaves or the server closes.
 */
export function eventsRoutes(app: FastifyInstance, ctx: AppContext): void {
  const hub = new EventHub(ctx);
  // The streams' connections, until each closes: a closing server closes them (its clients reconnect to another).
  const sockets = new Set<Socket>();
  registerRoute(app, routes.events, async ({ actor }, request, reply) => {
    const shopId = actor.shopId!;
    reply.hijack();
    const res = reply.raw;
    const socket = res.socket;
    if (socket) {
      sockets.add(socket);
      socket.once('close', () => sockets.delete(socket));
    }
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      // Proxies that buffer answers (nginx) send each event as it comes.
      'x-accel-buffering': 'no',
      'x-content-type-options': 'nosniff',
    });
    res.write(`retry: ${eventStreamTimings.retryMs}\n\n`);
    const keepAlive = setInterval(() => res.write(': keep-alive\n\n'), eventStreamTimings.keepAliveMs);
    keepAlive.unref();
    // The events the hub hands over at once (one read's, or what a reconnecting client missed): one write.
    const listening = hub.listen(shopId, lastEventIdOf(request.headers['last-event-id']), (events) =>
      res.write(events.map(frame).join('')),
    );
    // The response closes when the client leaves (or the stream is ended here): the listener stops with it, once it
    // has started (the missed events may still be being read).
    res.on('close', () => {
      clearInterval(keepAlive);
      void listening.then(
        (stop) => stop(),
        () => undefined,
      );
    });
    try {
      await listening;
    } catch (err) {
      // The log could not be read: the stream ends and the browser tries again (`retry`).
      ctx.log.warn({ err }, 'an events stream could not start');
      res.end();
    }
    return reply;
  });
  // A closing server ends its streams, or it would wait on them forever.
  app.addHook('preClose', (done) => {
    for (const socket of [...sockets]) socket.destroy();
    hub.close();
    done();
  });
}
