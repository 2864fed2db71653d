import pino from 'pino';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';

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
  // Log lines are gathered up to 4 KB, and written at least every second, instead of a write each: a line a request
  // cost the storefront a tenth of its rate (bench/RESULTS.md). pino writes what is gathered when the process exits,
  // a crash included; only a killed process (SIGKILL, out of memory) loses its last second of lines.
  const logStream = pino.destination({ dest: 1, minLength: 4096, sync: false });
  setInterval(() => logStream.flush(), 1000).unref();
  const { app } = await buildApp(config, { logStream });
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
