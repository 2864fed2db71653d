import { routes, type ReportRange } from '@cardstock/contract';
import type { FastifyInstance } from 'fastify';
import { registerRoute } from '../../lib/route.ts';
import type { AppContext } from '../../context.ts';
import type { AuthService } from '../auth/auth.service.ts';
import type { StockWriter } from '../inventory/read-model.ts';
import { createAdminAnalyticsService } from './admin-analytics.service.ts';
import { createAdminInventoryService } from './admin-inventory.service.ts';
import { createAdminReportsService } from './admin-reports.service.ts';
import { createAdminService } from './admin.service.ts';

/** The platform admin area: every route is `admin` in the contract, so the platform role is checked first. */
export function adminRoutes(app: FastifyInstance, ctx: AppContext, auth: AuthService, stock: StockWriter): void {
  const admin = createAdminService(ctx, auth);
  const inventory = createAdminInventoryService(ctx, stock);
  const reports = createAdminReportsService(ctx);
  const analytics = createAdminAnalyticsService(app, ctx);

  registerRoute(app, routes.adminMe, ({ actor }) => admin.me(actor));

  registerRoute(app, routes.adminStores, ({ query }) => admin.stores(query));
  registerRoute(app, routes.adminStore, ({ params }) => admin.store(params.id));
  registerRoute(app, routes.adminStoreCreate, ({ actor, body }) => admin.createStore(actor, body));
  registerRoute(app, routes.adminStoreUpdate, ({ actor, params, body }) => admin.updateStore(actor, params.id, body));
  registerRoute(app, routes.adminStoreSetActive, ({ actor, params, body }) =>
    admin.setActive(actor, params.id, body.is_active),
  );
  registerRoute(app, routes.adminStoreDelete, ({ actor, params, body }) =>
    admin.deleteStore(actor, params.id, body.confirm_name),
  );
  registerRoute(app, routes.adminStoreOrders, ({ params }) => admin.storeOrders(params.id));

  registerRoute(app, routes.adminInventory, ({ query }) => inventory.list(query));
  registerRoute(app, routes.adminInventoryBulkPrice, ({ actor, body }) => inventory.bulkPrice(actor, body));
  registerRoute(app, routes.adminInventoryEdit, ({ actor, params, body }) => inventory.edit(actor, params.id, body));
  registerRoute(app, routes.adminInventoryDelete, ({ actor, params }) => inventory.remove(actor, params.id));

  registerRoute(app, routes.adminSystemSettings, () => admin.systemSettings());
  registerRoute(app, routes.adminSystemSettingsSave, ({ actor, body }) => admin.saveSystemSettings(actor, body));

  registerRoute(app, routes.adminUsers, ({ query }) => admin.users(query.q));
  registerRoute(app, routes.adminUserUpdate, ({ actor, params, body }) => admin.updateUser(actor, params.id, body));
  registerRoute(app, routes.adminUserDelete, ({ actor, params }) => admin.deleteUser(actor, params.id));

  registerRoute(app, routes.adminReport, ({ query }) => reports.report(query.range as ReportRange));
  registerRoute(app, routes.adminReportExport, async ({ query }, _request, reply) => {
    const file = await reports.file(query.range as ReportRange, query.tab, query.format);
    return reply
      .type(file.type)
      .header('content-disposition', `attachment; filename="${file.name}"`)
      .header('cache-control', 'no-store')
      .send(file.body);
  });

  registerRoute(app, routes.adminAnalytics, () => analytics.analytics());

  registerRoute(app, routes.adminInvites, () => admin.invites());
  registerRoute(app, routes.adminInviteCreate, ({ actor, body }) => admin.createInvite(actor, body));
  registerRoute(app, routes.adminFeedback, () => admin.feedback());
  registerRoute(app, routes.adminContactMessages, () => admin.contactMessages());
}
