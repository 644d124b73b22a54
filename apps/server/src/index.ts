export { buildServer, type BuildServerOptions, type LedgerlineServer } from './app';
export { loadConfig, ConfigError, type Config } from './config';
export { openDatabase, type DatabaseHandle } from './db/connect';
export { seedDemo, DEMO_USERS, DEMO_PASSWORD } from './db/seed';
