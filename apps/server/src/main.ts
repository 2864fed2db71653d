import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { GatheredLog } from './lib/log-destination.ts';

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  // Log lines reach standard output within a second, and when the process exits.
  const logStream = new GatheredLog();
  let app;
  try {
    ({ app } = await buildApp(config, { logStream }));
  } catch (err) {
    // A setting the database needs (CHANNEL_SECRET_KEY once tokens are kept): said plainly, no stack.
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const shutdown = (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    app.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGTERM', shutdown);
  process.once('SIGINT', shutdown);
  await app.listen({ port: config.port, host: config.host });
  const url = `http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${config.port}`;
  app.log.info(`Cardstock is running at ${url} (${config.database.engine})`);
  logStream.flush();
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
