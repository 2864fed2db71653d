import {
  centsToDollars,
  messages,
  reservationLimitsOf,
  type PublicOrderRequest,
  type ReservationStatus,
  type CartLine,
} from '@cardstock/contract';
import { AppError } from '../../lib/errors.ts';
import type { AppContext } from '../../context.ts';
import { requirePublicShop } from '../storefront/public-shop.ts';
import type { InventoryReadModel } from '../inventory/read-model.ts';
import { toShownLine } from './order-presenter.ts';
import type { createOrdersService } from './orders.service.ts';
import { pickupUntilOf } from './pickup.service.ts';
import { holdText } from './reservation-mails.ts';

type OrdersService = ReturnType<typeof createOrdersService>;

/** A reservation as the route has read it: the contract's request with its defaults filled. */
type ReservationInput = Omit<Required<PublicOrderRequest>, 'items'> & { items: CartLine[] };

/**
 * Reserve online, pick up in store (issue 24): a customer's order from a public shop's storefront, and the lookup of
 * where it stands. The shop is found by subdomain through the read model; it must be public (not hidden, its
 * subscription not ended, not suspended) or it is not found, as its storefront is, and it must take reservations
 * (else a 403 that says so). The order itself goes through the orders service's one door.
 */
export function createReservationsService(ctx: AppContext, reads: InventoryReadModel, orders: OrdersService) {
  /** A public shop by subdomain, or the storefront's 404. */
  const publicShop = (subdomain: string) => requirePublicShop(reads, subdomain, ctx.clock.now());

  return {
    /**
     * Places a reservation. Checks, in order: the shop (404 / 403), the key (400), a retry of a key already used
     * (answered at once, without the captcha again: a Turnstile token works once), the address's and the e-mail's
     * limits (429), the captcha (400); then the orders service reserves the stock, the open cap checked in the same
     * transaction (409), and the customer is mailed once it has committed.
     */
    async reserve(input: ReservationInput, idempotencyKey: string | undefined, ip: string) {
      const shop = await publicShop(input.subdomain);
      if (shop.reservations_enabled !== 1) throw new AppError('FORBIDDEN', messages.reservationsServer.notTaking);
      if (idempotencyKey === undefined || idempotencyKey.length === 0 || idempotencyKey.length > 200)
        throw new AppError('BAD_REQUEST', messages.reservationsServer.idempotencyKeyRequired);
      const email = input.email.toLowerCase();
      const answer = (orderNumber: string) => ({
        order_number: orderNumber,
        message: messages.reservationsServer.reserved(orderNumber, email),
      });
      const place = () =>
        orders.reserveOnline(
          shop.id,
          shop.reservation_hold_hours,
          reservationLimitsOf(shop.reservation_limits),
          input,
          idempotencyKey,
          ip,
        );
      if (await orders.earlierReservation(shop.id, idempotencyKey)) return answer((await place()).orderNumber);
      await ctx.limiter.hit('reservePerIp', ip);
      // Failed captchas count against the address that sent them, not the e-mail typed: a stranger's bad tries
      // must not stop a customer's e-mail from reserving (issue 38).
      await ctx.limiter.check('reserveCaptchaFailuresPerIp', ip);
      if (!(await ctx.captcha.verify(input.turnstileToken, ip))) {
        await ctx.limiter.fail('reserveCaptchaFailuresPerIp', ip);
        throw new AppError('BAD_REQUEST', messages.server.captchaFailed);
      }
      // Only a reservation past the captcha counts for its e-mail: each sends that address a mail.
      await ctx.limiter.hit('reservePerEmail', email);
      return answer((await place()).orderNumber);
    },

    /**
     * Where a reservation stands, by the shop's subdomain, the order number and the e-mail it was placed with (case
     * ignored). Anything that does not match is the same 404 sentence, so numbers cannot be probed for; lookups are
     * limited per address. The shop need not be public any more: a customer may still ask about an order.
     */
    async status(input: { subdomain: string; order_number: string; email: string }, ip: string) {
      await ctx.limiter.hit('orderStatusPerIp', ip);
      const shop = await reads.publicShop({ subdomain: input.subdomain });
      const found = shop && (await orders.reservationStatus(shop.id, input.order_number, input.email));
      if (!found) throw new AppError('NOT_FOUND', messages.reservationsServer.statusNotFound);
      const { order, lines, place } = found;
      const at = (iso: string) => holdText(iso, place?.time_zone);
      const status = order.status as ReservationStatus;
      const pickupUntil = pickupUntilOf(order, reservationLimitsOf(shop.reservation_limits).pickup_days);
      return {
        order_number: order.order_number,
        callout: String(order.callout),
        status,
        placed_at: order.created_at,
        hold_until: status === 'pending' ? order.hold_until : null,
        pickup_until: pickupUntil,
        reason: status === 'rejected' ? order.reason : null,
        total: centsToDollars(order.total_cents),
        items: lines.map(toShownLine),
        shop_address: place
          ? [place.address, place.city, place.state, place.country]
              .map((p) => p.trim())
              .filter(Boolean)
              .join(', ')
          : '',
        pickup_hours: place?.pickup_hours ?? '',
        message: messages.reservationsServer.status(status, pickupUntil ? at(pickupUntil) : undefined),
      };
    },
  };
}
