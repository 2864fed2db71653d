import { routes } from '@cardstock/contract';
import type { FastifyInstance } from 'fastify';
import { registerRoute } from '../../lib/route.ts';
import type { AppContext } from '../../context.ts';
import { createBillingService } from './billing.service.ts';

export function billingRoutes(app: FastifyInstance, ctx: AppContext): void {
  const billing = createBillingService(ctx);
  registerRoute(app, routes.billingSubscription, ({ actor }) => billing.subscription(actor));
  registerRoute(app, routes.billingPayments, ({ actor }) => billing.payments(actor));
  registerRoute(app, routes.billingPortal, ({ actor }) => billing.portal(actor));

  // The spec's clients send upgrade and cancel (and this app resume) with a JSON content type and no body at all,
  // which Fastify's JSON parser refuses; here an empty body counts as none.
  void app.register(async (scope) => {
    const parseJson = scope.getDefaultJsonParser('error', 'error');
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
      if ((body as string).trim() === '') return done(null, undefined);
      return parseJson(request, body as string, done);
    });
    registerRoute(scope, routes.billingUpgrade, ({ actor }) => billing.upgrade(actor));
    registerRoute(scope, routes.billingCancel, ({ actor }) => billing.cancel(actor));
    registerRoute(scope, routes.billingResume, ({ actor }) => billing.resume(actor));
  });

  // Stripe signs the exact bytes it sent: this route alone keeps the body raw.
  void app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    // An invoice with many lines is larger than an API body; 1 MB is far above any Stripe event.
    scope.addContentTypeParser(
      'application/json',
      { parseAs: 'buffer', bodyLimit: 1024 * 1024 },
      (_request, body, done) => done(null, body),
    );
    registerRoute(scope, routes.stripeWebhook, (_input, request) => {
      const signature = request.headers['stripe-signature'];
      return billing.webhook(
        Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
        typeof signature === 'string' ? signature : undefined,
      );
    });
  });
}
