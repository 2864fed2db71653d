import {
  messages,
  planIds,
  plans,
  stripeAuditActions,
  type StripeAuditAction,
  type PlanId,
  type SubscriptionStatus,
} from '@cardstock/contract';
import type Stripe from 'stripe';
import { createStripeClient, type StripeClient } from '../../adapters/stripe.ts';
import { withTransaction, type Executor } from '../../db/database.ts';
import { AppError } from '../../lib/errors.ts';
import type { AppContext } from '../../context.ts';
import { cancelKept, resumeKept } from './billing-local.ts';
import { writeChange, type SubscriptionChange } from './billing-ledger.ts';
import type { BillingActor, BillingProvider } from './billing-provider.ts';
import { hasEnded } from './billing-rules.ts';
import { billingRepository as repo, type SubscriptionRow } from './billing.repository.ts';

/** Stripe's subscription statuses in the contract's words (spec 001 §4 colours them); one Stripe adds later reads as inactive. */
const statusOf: Partial<Record<string, SubscriptionStatus>> = {
  trialing: 'trialing',
  active: 'active',
  past_due: 'pending',
  incomplete: 'pending',
  unpaid: 'inactive',
  incomplete_expired: 'inactive',
  paused: 'inactive',
  canceled: 'cancelled',
};

/** Events that change a subscription: the subscription is then read fresh from Stripe, so order does not matter. */
/** The events that change a subscription: the contract's audit actions, as Stripe names them. */
const subscriptionEvents = new Set<string>(stripeAuditActions);

const iso = (seconds: number) => new Date(seconds * 1000).toISOString();
const idOf = (value: string | { id: string }) => (typeof value === 'string' ? value : value.id);

/**
 * Billing through Stripe: a Stripe customer per shop, upgrades through a
 * Checkout page (or a plan change of the running subscription), cancellation
 * at the period's end, and signed webhooks that record subscription changes
 * and paid invoices, each event once.
 */
export function createStripeBilling(
  ctx: AppContext,
  client: StripeClient = createStripeClient(ctx.config.billing),
): BillingProvider {
  const { stripePrices, stripeWebhookSecret } = ctx.config.billing;
  const billingPage = `${ctx.config.publicUrl}/stripe-management`;
  const planOfPrice = (priceId: string): PlanId | undefined => planIds.find((id) => stripePrices[id] === priceId);
  const now = () => ctx.clock.now();

  /** Stripe's answer, or a 503 a person understands; Stripe's own words go to the log. */
  async function ask<T>(what: string, call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (err) {
      ctx.log.error({ err, what }, 'Stripe call failed');
      throw new AppError('UNAVAILABLE', messages.billingServer.stripeUnavailable);
    }
  }

  /** The shop's Stripe customer, created on first need (the idempotency key makes two racing requests one customer). */
  async function customerOf(row: SubscriptionRow): Promise<string> {
    if (row.stripe_customer_id) return row.stripe_customer_id;
    const owner = await repo.owner(ctx.db, row.shop_id);
    const customer = await ask('create customer', () =>
      client.customers.create(
        { email: owner.email ?? undefined, name: owner.name, metadata: { shop_id: String(row.shop_id) } },
        { idempotencyKey: `cardstock-customer-${row.shop_id}-${row.created_at}` },
      ),
    );
    await repo.setCustomer(ctx.db, row.id, customer.id);
    return customer.id;
  }

  /** A subscription row's new state, as Stripe reports the subscription. */
  function stateOf(sub: Stripe.Subscription, row: SubscriptionRow): SubscriptionChange['state'] {
    const item = sub.items.data[0];
    const status = statusOf[sub.status] ?? 'inactive';
    const end = iso(item?.current_period_end ?? sub.billing_cycle_anchor);
    const cancelling = sub.cancel_at_period_end || sub.cancel_at !== null;
    return {
      plan: (item && planOfPrice(item.price.id)) ?? (row.plan as PlanId),
      status,
      current_period_start: iso(item?.current_period_start ?? sub.start_date),
      current_period_end: end,
      billing_anchor: iso(sub.billing_cycle_anchor),
      cancel_at_period_end: cancelling ? 1 : 0,
      ends_at: hasEnded(status)
        ? iso(sub.ended_at ?? sub.canceled_at ?? Math.floor(now().getTime() / 1000))
        : sub.cancel_at !== null
          ? iso(sub.cancel_at)
          : sub.cancel_at_period_end
            ? end
            : null,
      stripe_subscription_id: sub.id,
      stripe_customer_id: idOf(sub.customer),
    };
  }

  /** Writes what Stripe says a subscription is now, to the shop it belongs to (by customer, else by metadata). */
  async function applySubscription(
    tx: Executor,
    sub: Stripe.Subscription,
    audit?: SubscriptionChange['audit'],
  ): Promise<void> {
    const customerId = idOf(sub.customer);
    let row = await repo.subscriptionByCustomer(tx, customerId);
    const shopId = Number(sub.metadata?.shop_id);
    if (!row && Number.isInteger(shopId)) {
      const byShop = await repo.subscription(tx, shopId);
      if (byShop && (byShop.stripe_customer_id ?? customerId) === customerId) row = byShop;
    }
    if (!row) {
      ctx.log.warn({ customer: customerId, subscription: sub.id }, 'Stripe subscription of no known shop: ignored');
      return;
    }
    // A shop that subscribed again: the old subscription ending changes nothing.
    if (row.stripe_subscription_id && row.stripe_subscription_id !== sub.id && sub.status === 'canceled') return;
    if (!(await writeChange(tx, ctx, row, { state: stateOf(sub, row), audit }))) {
      throw new AppError('CONFLICT', messages.billingServer.changedMeanwhile);
    }
  }

  /** A paid invoice becomes a payment, once: its invoice id is the payment's id. */
  async function recordInvoice(tx: Executor, invoice: Stripe.Invoice): Promise<void> {
    if (!invoice.customer || invoice.amount_paid <= 0) return;
    const row = await repo.subscriptionByCustomer(tx, idOf(invoice.customer));
    if (!row) {
      ctx.log.warn({ invoice: invoice.id }, 'Paid Stripe invoice of no known shop: ignored');
      return;
    }
    await repo.insertPayment(
      tx,
      {
        shop_id: row.shop_id,
        reference: invoice.id,
        amount_cents: invoice.amount_paid,
        description:
          invoice.lines?.data?.[0]?.description ?? invoice.description ?? `${plans[row.plan as PlanId].name} plan`,
        paid_at: iso(invoice.status_transitions?.paid_at ?? invoice.created),
      },
      now().toISOString(),
    );
  }

  /** The subscription an event is about, read fresh from Stripe; undefined for other events. */
  async function subscriptionOf(event: Stripe.Event): Promise<Stripe.Subscription | undefined> {
    if (!subscriptionEvents.has(event.type)) return undefined;
    const object = event.data.object as Stripe.Checkout.Session | Stripe.Subscription;
    const id = object.object === 'checkout.session' ? object.subscription && idOf(object.subscription) : object.id;
    return id ? ask('read subscription', () => client.subscriptions.retrieve(id)) : undefined;
  }

  return {
    name: 'stripe',

    async upgrade(row, to, actor: BillingActor) {
      const price = stripePrices[to];
      if (row.stripe_subscription_id && !hasEnded(row.status as SubscriptionStatus)) {
        // A running subscription changes plan at once; Stripe invoices the difference and its webhook records the payment.
        const current = await ask('read subscription', () =>
          client.subscriptions.retrieve(row.stripe_subscription_id!),
        );
        const item = current.items.data[0];
        const updated = await ask('change plan', () =>
          client.subscriptions.update(current.id, {
            items: [{ ...(item ? { id: item.id } : {}), price }],
            proration_behavior: 'always_invoice',
            cancel_at_period_end: false,
          }),
        );
        await withTransaction(ctx.db, (tx) =>
          applySubscription(tx, updated, {
            actor: actor.email,
            action: 'subscription.upgrade',
            detail: { from: row.plan, to, stripe_subscription: updated.id },
          }),
        );
        return { message: messages.billingServer.upgraded(plans[to].name), checkoutUrl: null };
      }
      const customer = await customerOf(row);
      const session = await ask('start checkout', () =>
        client.checkout.sessions.create({
          mode: 'subscription',
          customer,
          client_reference_id: String(row.shop_id),
          line_items: [{ price, quantity: 1 }],
          subscription_data: { metadata: { shop_id: String(row.shop_id) } },
          success_url: `${billingPage}?checkout=success`,
          cancel_url: `${billingPage}?checkout=cancelled`,
        }),
      );
      if (!session.url) throw new AppError('UNAVAILABLE', messages.billingServer.stripeUnavailable);
      return { message: messages.billingServer.checkout, checkoutUrl: session.url };
    },

    async cancel(row, actor) {
      // A trial has no Stripe subscription yet: there is nothing at Stripe to stop.
      if (!row.stripe_subscription_id) return cancelKept(ctx, row, actor);
      const updated = await ask('cancel subscription', () =>
        client.subscriptions.update(row.stripe_subscription_id!, { cancel_at_period_end: true }),
      );
      await withTransaction(ctx.db, (tx) =>
        applySubscription(tx, updated, {
          actor: actor.email,
          action: 'subscription.cancel',
          detail: { plan: row.plan, stripe_subscription: updated.id },
        }),
      );
    },

    async resume(row, actor) {
      if (!row.stripe_subscription_id) return resumeKept(ctx, row, actor);
      // Stripe's way to undo a cancellation at the period's end (its webhook then says the same again, harmlessly).
      const updated = await ask('resume subscription', () =>
        client.subscriptions.update(row.stripe_subscription_id!, { cancel_at_period_end: false }),
      );
      await withTransaction(ctx.db, (tx) =>
        applySubscription(tx, updated, {
          actor: actor.email,
          action: 'subscription.resume',
          detail: { plan: row.plan, stripe_subscription: updated.id },
        }),
      );
    },

    async portal(row) {
      const customer = await customerOf(row);
      const session = await ask('open billing portal', () =>
        client.billingPortal.sessions.create({ customer, return_url: billingPage }),
      );
      return { url: session.url };
    },

    async webhook(payload, signature) {
      let event: Stripe.Event;
      try {
        if (!signature) throw new Error('no Stripe-Signature header');
        event = client.webhooks.constructEvent(
          payload,
          signature,
          stripeWebhookSecret,
          undefined,
          undefined,
          now().getTime(),
        );
      } catch (err) {
        ctx.log.warn({ err }, 'Stripe webhook refused');
        throw new AppError('BAD_REQUEST', messages.billingServer.badSignature);
      }
      // A replay is answered without asking Stripe anything; the unique event id below settles races.
      if (await repo.eventSeen(ctx.db, event.id)) return { duplicate: true };
      const subscription = await subscriptionOf(event);
      return withTransaction(ctx.db, async (tx) => {
        if (!(await repo.recordEvent(tx, event, now().toISOString()))) return { duplicate: true };
        if (subscription)
          await applySubscription(tx, subscription, {
            actor: 'stripe',
            // A subscription was found only for one of subscriptionEvents, the contract's Stripe actions.
            action: event.type as StripeAuditAction,
            detail: { event: event.id },
          });
        if (event.type === 'invoice.paid') await recordInvoice(tx, event.data.object);
        return { duplicate: false };
      });
    },
  };
}
