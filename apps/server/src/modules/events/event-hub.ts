import type { OrderEventKind, ShopEvent } from '@cardstock/contract';
import type { AppContext } from '../../context.ts';
import { eventsRepository as repo, type EventRow } from './events.repository.ts';

/** How often a server reads the event log while anyone listens, and how many events at most per read. */
const POLL_MS = 250;
const BATCH = 1000;
/** A listener that reconnects hears at most this many missed events; older ones it reads afresh (a full refresh). */
const MISSED_LIMIT = 1000;
/**
 * PostgreSQL numbers an event when it is written, not when its transaction commits: an id skipped by a read may still
 * commit (its transaction ran long) or never will (it rolled back). Each skipped id is asked for again at every read
 * for this long, and a jump of more ids than `MAX_GAP` is a sequence's leap, not transactions in flight.
 */
const GAP_MS = 10_000;
const MAX_GAP = 1000;
/** Events are kept a day, pruned once an hour. */
const KEEP_MS = 24 * 3_600_000;
const PRUNE_EVERY_MS = 3_600_000;

/** The event as the stream tells it: its order's number and status, or the stock's version. */
export function eventOf(row: EventRow): ShopEvent {
  if (row.kind === 'stock.changed')
    return { id: row.id, kind: 'stock.changed', data: { version: Number(row.subject) } };
  return {
    id: row.id,
    kind: row.kind as OrderEventKind,
    data: { order_number: row.subject, status: row.status ?? '' },
  };
}

/** An event as a read hands it on, and whether it came late (committed after a newer one was read). */
type Heard = [event: ShopEvent, late: boolean];

/** One open stream: its shop, and how it is handed one read's events of its shop, all at once, in the order read. */
interface Listener {
  shopId: number;
  send(events: readonly Heard[]): void;
}

/**
 * A server's listeners and its one reader of the event log (decision 039): while anyone listens, the server reads
 * every event written since its last read, four times a second, one indexed query whatever the number of listeners,
 * and hands each to the listeners of its shop. The log is the database's, so an event written through another server
 * is heard here as well; a listener that reconnects with the last id it heard is first sent what it missed.
 */
export class EventHub {
  private readonly listeners = new Set<Listener>();
  /**
   * Where reading is: the newest id read. Set by the first listener, from the log's newest id, then moved on only by
   * the reader, and unset when reading stops. Never moved back (events already sent would be read and sent again) nor
   * on past what was read (events not read yet would never be).
   */
  private lastId: number | undefined;
  /** The log's newest id while it is being asked for: one question for every listener that comes meanwhile. */
  private newest: Promise<number> | undefined;
  /** Counts the times reading stopped: a read begun before it stopped changes nothing after. */
  private stops = 0;
  /** Ids a read skipped, and when: asked for again until `GAP_MS` has passed. */
  private readonly gaps = new Map<number, number>();
  private timer: NodeJS.Timeout | undefined;
  private reading: Promise<void> | undefined;
  private prunedAt = 0;

  constructor(
    private readonly ctx: AppContext,
    private readonly pollMs = POLL_MS,
  ) {}

  /**
   * Starts a listener for the shop: after `lastEventId` (what it missed first), or from now. Events that arrive
   * while the missed ones are read wait for them; none is sent twice. `send` is handed the events it hears at once:
   * one read's events of its shop, or what it missed with what came meanwhile. Answers how to stop it.
   */
  async listen(shopId: number, lastEventId: number | undefined, send: (events: ShopEvent[]) => void) {
    if (this.lastId === undefined) {
      const newest = await this.newestId();
      // Listeners that came meanwhile, or the reader, may have set and moved it since: it stays where it is.
      this.lastId ??= newest;
    }
    const start = this.lastId;
    // What the client heard already: nothing newer than its last id, unless it committed late.
    const after = lastEventId ?? start;
    const held: Heard[] = [];
    let replaying = lastEventId !== undefined && lastEventId < start;
    const replayed = new Set<number>();
    const unheard = (events: readonly Heard[]) =>
      events.filter(([event, late]) => (late || event.id > after) && !replayed.has(event.id)).map(([event]) => event);
    const listener: Listener = {
      shopId,
      send: (events) => {
        if (replaying) held.push(...events);
        else {
          const fresh = unheard(events);
          if (fresh.length) send(fresh);
        }
      },
    };
    this.listeners.add(listener);
    this.startReading();
    if (replaying) {
      const missed = (await repo.after(this.ctx.db, lastEventId!, MISSED_LIMIT, shopId)).map(eventOf);
      replaying = false;
      for (const event of missed) replayed.add(event.id);
      const fresh = [...missed, ...unheard(held)];
      if (fresh.length) send(fresh);
    }
    return () => {
      this.listeners.delete(listener);
      if (this.listeners.size === 0) this.stopReading();
    };
  }

  /** The log's newest id, asked once for all the listeners that start together. */
  private newestId(): Promise<number> {
    if (!this.newest) {
      const asking = repo.latestId(this.ctx.db).finally(() => {
        if (this.newest === asking) this.newest = undefined;
      });
      this.newest = asking;
    }
    return this.newest;
  }

  private startReading() {
    if (this.timer) return;
    this.timer = setInterval(() => {
      // One read at a time: a slow one delays the next, never overlaps it.
      if (!this.reading) this.reading = this.read().finally(() => (this.reading = undefined));
    }, this.pollMs);
    this.timer.unref();
  }

  private stopReading() {
    clearInterval(this.timer);
    this.timer = undefined;
    this.stops++;
    // Read from the newest again when someone next listens: nobody heard what came meanwhile.
    this.lastId = undefined;
    this.gaps.clear();
  }

  private async read(): Promise<void> {
    const stops = this.stops;
    // Set by the listener that started reading; unset only once reading stopped.
    const from = this.lastId;
    if (from === undefined) return;
    try {
      const [rows, late] = await Promise.all([
        repo.after(this.ctx.db, from, BATCH),
        this.gaps.size ? repo.byIds(this.ctx.db, [...this.gaps.keys()]) : [],
      ]);
      // Reading stopped meanwhile (and may have started again, from a newer id): this read is no one's now.
      if (this.stops !== stops) return;
      const now = Date.now();
      // Each shop's events, the late ones first, then the new ones in the log's order.
      const heard = new Map<number, Heard[]>();
      const hear = (row: EventRow, late: boolean) => {
        const shop = heard.get(row.shop_id);
        if (shop) shop.push([eventOf(row), late]);
        else heard.set(row.shop_id, [[eventOf(row), late]]);
      };
      for (const row of late) {
        this.gaps.delete(row.id);
        hear(row, true);
      }
      let previous = from;
      for (const row of rows) {
        if (row.id - previous - 1 <= MAX_GAP) for (let id = previous + 1; id < row.id; id++) this.gaps.set(id, now);
        previous = row.id;
        hear(row, false);
      }
      this.lastId = previous;
      for (const [id, since] of this.gaps) if (now - since > GAP_MS) this.gaps.delete(id);
      // Each listener is handed its shop's events at once: its stream writes them in one go.
      for (const listener of this.listeners) {
        const events = heard.get(listener.shopId);
        if (events) listener.send(events);
      }
      // The log's times are the database's own clock (its column default), so its age is read by the real clock.
      if (now - this.prunedAt > PRUNE_EVERY_MS) {
        this.prunedAt = now;
        await repo.prune(this.ctx.db, new Date(now - KEEP_MS).toISOString());
      }
    } catch (err) {
      this.ctx.log.warn({ err }, 'reading the shops’ events failed; trying again');
    }
  }

  /** Stops reading (the server closes; its streams are ended by their route). */
  close(): void {
    this.listeners.clear();
    this.stopReading();
  }
}
