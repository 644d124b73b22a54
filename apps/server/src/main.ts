import { buildServer } from './app';
import { ConfigError, loadConfig } from './config';
import { seedDemo } from './db/seed';
import { isDatabaseUnavailable } from './lib/database-unavailable';

/** `npm start`: read the configuration, migrate, seed the demo data and serve. */
async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const { app, database } = await buildServer({ config });
  // A database call nobody awaited (an event sent after a commit) that fails while PostgreSQL is
  // away must not end the process (issue 20); any other unhandled rejection still does.
  process.on('unhandledRejection', (reason) => {
    if (isDatabaseUnavailable(reason)) {
      app.log.warn({ err: reason }, 'database unavailable: a background call failed');
      return;
    }
    app.log.fatal({ err: reason }, 'unhandled rejection');
    process.exit(1);
  });
  if (database.kind === 'pglite' && database.createdDataDir)
    app.log.warn(
      `Created the embedded PGlite database in ${config.dataDir}. PGlite is for one machine (a demo, a trial, a single small node): it does not fsync, so a power cut can lose the last seconds of committed work, and only one process may open it. For production set DATABASE_URL to a PostgreSQL server.`,
    );
  if (config.seedDemo) {
    const { created } = await seedDemo(database.db, { cardDataKey: config.cardDataKey });
    if (created > 0) app.log.info({ created }, 'demo customers seeded');
  }
  const shutdown = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    await app.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    `Ledgerline is ready at http://localhost:${config.port} (database: ${database.kind})`,
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
