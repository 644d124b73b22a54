import { buildServer } from './app';
import { ConfigError, loadConfig } from './config';
import { seedDemo } from './db/seed';

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
