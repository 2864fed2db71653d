import {
  centsToDollars,
  dollarsToCents,
  formatUsd,
  messages,
  type CartLine,
  type ReservationLimits,
} from '@cardstock/contract';
import { sql } from 'kysely';
import { AppError } from '../../lib/errors.ts';
import { fingerprintOf } from '../../lib/route.ts';
import type { AppContext } from '../../context.ts';
import { ordersRepository as repo } from './orders.repository.ts';
import { withoutUnsetFlags, type OnlineCustomer, type PlaceAs } from './place-order.ts';

/** Online keys live apart from staff and tablet keys, so one can never answer with the other's order. */
const onlineKey = (key: string) => `online:${key}`;

export function onlineReservations(ctx: AppContext, placeAs: PlaceAs) {
  /**
   * A customer's online reservation at a public shop (the caller checked the shop, the captcha and the limits):
   * placed through the same door as a staff order, as source "Online" (id 0), held `holdHours` for the shop to
   * confirm. The key is required and kept apart from staff keys; its fingerprint covers the cart and the e-mail.
   * The shop's own limits are checked in the same transaction, so a burst of requests cannot pass them together:
   * open reservations per e-mail and per address and the copies all open reservations hold (409), then, on the
   * priced lines, copies of one printing, lines and value of this reservation (400). Each refusal names its limit.
   */
  async function reserveOnline(
    shopId: number,
    holdHours: number,
    limits: ReservationLimits,
    input: { items: CartLine[]; name: string; email: string; phone: string },
    idempotencyKey: string,
    ip: string,
  ) {
    const email = input.email.toLowerCase();
    const fingerprint = fingerprintOf({ items: input.items.map(withoutUnsetFlags), email });
    const customer: OnlineCustomer = { name: input.name, email, phone: input.phone, holdHours, ip };
    const { orderNumber } = await placeAs(
      shopId,
      { kind: 'online', id: 0, name: 'Online', actor: email },
      input.items,
      { stored: onlineKey(idempotencyKey), fingerprint },
      {
        customer,
        async check(tx) {
          // A shop's reservations are counted one at a time (PostgreSQL; SQLite writes one at a time anyway), so
          // the caps per e-mail, per address and of held copies hold under a burst.
          if (ctx.engine === 'postgres')
            await sql`select pg_advisory_xact_lock(hashtext(${`reservation|${shopId}`}))`.execute(tx);
          const open = await repo.openReservationCounts(tx, shopId, email, ip);
          if (open.byEmail >= limits.max_open_per_email)
            throw new AppError('CONFLICT', messages.reservationsServer.tooManyOpen(limits.max_open_per_email));
          if (open.byAddress >= limits.max_open_per_address)
            throw new AppError(
              'CONFLICT',
              messages.reservationsServer.tooManyOpenFromAddress(limits.max_open_per_address),
            );
        },
        async limit(tx, lines, totalCents) {
          const copies = new Map<string, { name: string; n: number }>();
          for (const l of lines) {
            const printing = l.card_id === '' ? `sealed|${l.sealed_id}` : l.card_id;
            const seen = copies.get(printing) ?? { name: l.card_name, n: 0 };
            copies.set(printing, { name: seen.name, n: seen.n + l.quantity });
          }
          for (const { name, n } of copies.values())
            if (n > limits.max_copies_per_printing)
              throw new AppError(
                'BAD_REQUEST',
                messages.reservationsServer.tooManyCopies(limits.max_copies_per_printing, name),
              );
          if (lines.length > limits.max_lines)
            throw new AppError('BAD_REQUEST', messages.reservationsServer.tooManyLines(limits.max_lines));
          if (totalCents > dollarsToCents(limits.max_total))
            throw new AppError(
              'BAD_REQUEST',
              messages.reservationsServer.overValue(formatUsd(limits.max_total), formatUsd(centsToDollars(totalCents))),
            );
          const copiesHere = lines.reduce((n, l) => n + l.quantity, 0);
          if ((await repo.heldCopies(tx, shopId)) + copiesHere > limits.max_held_copies)
            throw new AppError('CONFLICT', messages.reservationsServer.notTakingNow);
        },
      },
    );
    return { orderNumber };
  }

  /** The first answer to an online key already used at the shop, or undefined: a retry needs no captcha again. */
  async function earlierReservation(shopId: number, idempotencyKey: string) {
    return repo.byIdempotencyKey(ctx.db, shopId, onlineKey(idempotencyKey));
  }

  return { reserveOnline, earlierReservation };
}
