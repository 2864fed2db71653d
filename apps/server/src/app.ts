import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import compress from '@fastify/compress';
import multipart from '@fastify/multipart';
import { channelMessages, limits } from '@cardstock/contract';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { DestinationStream } from 'pino';
import { createCaptchaVerifier, type CaptchaVerifier } from './adapters/captcha.ts';
import { createMailer, type Mailer } from './adapters/mailer.ts';
import { ConfigError, type Config } from './config.ts';
import type { AppContext } from './context.ts';
import { holdDatabase } from './db/backup.ts';
import { openDatabase } from './db/database.ts';
import { migrateToLatest } from './db/migrations/index.ts';
import { offsetFileClock, systemClock, type Clock } from './lib/clock.ts';
import { installErrorHandler } from './lib/error-handler.ts';
import { OneLinePerRequest } from './lib/request-log.ts';
import { logRequest } from './lib/log-redaction.ts';
import { createRateLimiter } from './lib/rate-limit.ts';
import { openRedis } from './lib/redis.ts';
import { installJsonParser, sessionOnce } from './lib/route.ts';
import { buylistRoutes } from './modules/buylist/buylist.routes.ts';
import { registerSaleRoutes } from './modules/register/register.routes.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { createAuthService } from './modules/auth/auth.service.ts';
import { catalogRoutes } from './modules/catalog/catalog.routes.ts';
import { createCatalogService } from './modules/catalog/catalog.service.ts';
import { startPriceSchedule } from './modules/catalog/price-schedule.ts';
import { playDemoDay } from './modules/demo/demo-day.ts';
import { ensureDemoData } from './modules/demo/demo.ts';
import { InventoryReadModel } from './modules/inventory/read-model.ts';
import { storefrontRoutes } from './modules/storefront/storefront.routes.ts';
import { inventoryRoutes } from './modules/inventory/inventory.routes.ts';
import { ordersRoutes, startExpirySweep } from './modules/orders/orders.routes.ts';
import { devicesRoutes } from './modules/devices/devices.routes.ts';
import { channelsRoutes, startChannelSchedule } from './modules/channels/channels.routes.ts';
import { channelsRepository } from './modules/channels/channels.repository.ts';
import { createChannelsService } from './modules/channels/channels.service.ts';
import { cardTrader } from './adapters/cardtrader.ts';
import { eventsRoutes } from './modules/events/events.routes.ts';
import { teamRoutes } from './modules/team/team.routes.ts';
import { statsRoutes } from './modules/stats/stats.routes.ts';
import { activityRoutes } from './modules/audit/activity.routes.ts';
import { settingsRoutes } from './modules/settings/settings.routes.ts';
import { shopDataRoutes } from './modules/shop-data/shop-data.routes.ts';
import { createDevicesService, DEVICE_TOKEN_PREFIX } from './modules/devices/devices.service.ts';
import { sealedRoutes } from './modules/sealed/sealed.routes.ts';
import { customersRoutes } from './modules/customers/customers.routes.ts';
import { billingRoutes } from './modules/billing/billing.routes.ts';
import { feedbackRoutes } from './modules/feedback/feedback.routes.ts';
import { contactRoutes } from './modules/contact/contact.routes.ts';
import { healthRoutes } from './modules/platform/health.routes.ts';
import { adminRoutes } from './modules/admin/admin.routes.ts';
import { registerPlatformGuards } from './modules/platform/platform-guards.ts';
import { registerMetrics } from './plugins/metrics.ts';
import { registerOpenApi } from './plugins/openapi.ts';
import { registerSecurity } from './plugins/security.ts';
import { registerWeb } from './plugins/web.ts';

export interface BuildOptions {
  /** Replace an outside-world adapter (tests point them at local servers instead). */
  captcha?: CaptchaVerifier;
  mailer?: Mailer;
  /** Tests move time to expire codes and sessions. */
  clock?: Clock;
  /** Log destination; defaults to stdout. */
  logStream?: DestinationStream;
}

const here = path.dirname(fileURLToPath(import.meta.url));
/** The built web app sits at apps/web/dist, next to this package in the repo. */
const defaultWebDist = path.resolve(here, '../../web/dist');

/** Builds the whole server: database migrated, plugins and every module's routes registered. */
export async function buildApp(
  config: Config,
  options: BuildOptions = {},
): Promise<{ app: FastifyInstance; ctx: AppContext }> {
  const { trustProxy } = config;
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
      // Reset and invitation links carry their token in the query string: it never reaches the log.
      serializers: { req: logRequest },
      ...(options.logStream ? { stream: options.logStream } : {}),
    },
    // One line a request, when it is done, instead of Fastify's two.
    logController: new OneLinePerRequest(),
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
    },
    bodyLimit: limits.jsonBodyLimitBytes,
    // Per-address limits hold only when no client can name its own address: trust none unless told.
    trustProxy: typeof trustProxy === 'number' ? (_address: string, hop: number) => hop < trustProxy : trustProxy,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // The API speaks JSON (and multipart where a route registers it); plain text is refused with 415.
  app.removeContentTypeParser('text/plain');
  installJsonParser(app);
  installErrorHandler(app);
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header('x-request-id', request.id);
    done(null, payload);
  });

  const database = openDatabase(config.database, (err) =>
    app.log.warn({ err }, 'database connection lost while idle; the pool opens a new one'),
  );
  app.addHook('onClose', async () => database.close());
  await migrateToLatest(database.db, database.engine);
  // Marketplace tokens are sealed under CHANNEL_SECRET_KEY: a production server without it could open none of them.
  if (config.isProduction && !config.channels.secretKey && (await channelsRepository.anySealed(database.db)))
    throw new ConfigError(channelMessages.server.keyMissingAtStart);
  if (config.database.engine === 'sqlite') {
    // A restore refuses while this server has the file open (db/backup.ts).
    const release = holdDatabase(config.database.file);
    app.addHook('onClose', async () => release());
  }

  const mailer = options.mailer ?? createMailer(config.mail, app.log);
  app.addHook('onClose', () => mailer.close());
  // Several servers behind a load balancer count their rate limits together in Redis (docs/scaling.md).
  const redis = config.redis ? await openRedis(config.redis, app.log) : undefined;
  if (redis) app.addHook('onClose', () => redis.close());
  const ctx: AppContext = {
    config,
    db: database.db,
    engine: database.engine,
    log: app.log,
    clock: options.clock ?? (config.testClockOffsetFile ? offsetFileClock(config.testClockOffsetFile) : systemClock),
    limiter: createRateLimiter(config.rateLimitScale, redis?.redis),
    redis: redis?.redis,
    captcha: options.captcha ?? createCaptchaVerifier(config.captcha),
    mailer,
  };

  await registerSecurity(app, config.corsOrigins);
  // Answers up to 64 KB are compressed in one call rather than through a zlib stream each (the plugin's default on 2
  // cores is 8 KB): a stream per answer cost the orders queue most of its time with a browser's Accept-Encoding
  // (issue 43). Kept answers skip this and go out compressed once (lib/route.ts, `precompressed`).
  await app.register(compress, { threshold: 1024, syncThreshold: 64 * 1024 });
  // Uploads (CSV import): fields and the file land in request.body; the file as a Buffer.
  await app.register(multipart, {
    attachFieldsToBody: 'keyValues',
    limits: { fileSize: 50 * 1024 * 1024, files: 1, fields: 10 },
  });
  registerMetrics(app);
  await registerOpenApi(app);

  const auth = createAuthService(ctx);
  app.decorate('authenticate', (token: string | undefined) => auth.authenticate(token));
  const devices = createDevicesService(ctx);
  // Kiosk routes: a paired tablet's token, else a staff session.
  app.decorate('authenticateDevice', async (token: string | undefined) =>
    token?.startsWith(DEVICE_TOKEN_PREFIX) ? devices.authenticate(token) : auth.authenticate(token),
  );

  // Maintenance mode and the API rate limit of the system settings, before any route runs.
  registerPlatformGuards(app, ctx, (token, request) =>
    (token.startsWith(DEVICE_TOKEN_PREFIX) ? app.authenticateDevice(token) : sessionOnce(app, request, token)).then(
      () => true,
      () => false,
    ),
  );
  healthRoutes(app, ctx);
  contactRoutes(app, ctx);
  authRoutes(app, ctx, auth);
  feedbackRoutes(app, ctx);
  const catalog = createCatalogService(ctx);
  catalogRoutes(app, catalog);
  // One read model of the shops' stock: every stock write goes through it, so what it keeps stays true.
  const inventoryReads = new InventoryReadModel(ctx.db, ctx.engine);
  inventoryRoutes(app, ctx, inventoryReads);
  const storefrontPages = storefrontRoutes(app, ctx, inventoryReads);
  const orders = ordersRoutes(app, ctx, inventoryReads);
  const channels = createChannelsService(
    ctx,
    { cardtrader: cardTrader(ctx.config.channels.cardTraderApiUrl, ctx.config.channels.cardTraderTimeoutMs) },
    (shopId) => inventoryReads.quoteState(shopId),
    orders.marketOrders,
  );
  buylistRoutes(app, ctx, inventoryReads);
  registerSaleRoutes(app, ctx, inventoryReads);
  devicesRoutes(app, devices);
  channelsRoutes(app, channels);
  eventsRoutes(app, ctx);
  teamRoutes(app, ctx);
  statsRoutes(app, ctx);
  activityRoutes(app, ctx);
  settingsRoutes(app, ctx);
  shopDataRoutes(app, ctx);
  sealedRoutes(app, ctx);
  customersRoutes(app, ctx);
  billingRoutes(app, ctx);
  adminRoutes(app, ctx, auth, inventoryReads);

  const demoCreated = await ensureDemoData(ctx, auth);
  if (config.priceRefreshHours > 0) {
    const stop = startPriceSchedule(ctx, config.priceRefreshHours);
    app.addHook('onClose', stop);
  }

  // Online reservations not confirmed in their hold time expire and give their stock back.
  app.addHook('onClose', startExpirySweep(ctx, orders));
  // Marketplace channels list what changed, every CHANNEL_SYNC_SECONDS.
  app.addHook('onClose', startChannelSchedule(ctx, channels));

  await registerWeb(app, config.webDist ?? defaultWebDist, storefrontPages);
  // A new demo shop's day so far, played through the routes once every one is registered.
  if (demoCreated)
    await playDemoDay(app).catch((err: unknown) =>
      app.log.warn({ err }, 'the demo shop was created without its day of orders and sell lists'),
    );
  return { app, ctx };
}
