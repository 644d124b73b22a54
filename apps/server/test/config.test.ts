import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config';

describe('configuration from the environment', () => {
  it('has working defaults for a fresh clone', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 8080,
      dataDir: './data',
      databaseUrl: undefined,
      devTools: true,
      env: 'development',
    });
  });

  it('reads PORT, DATABASE_URL and the brand host map', () => {
    const config = loadConfig({
      PORT: '9090',
      DATABASE_URL: 'postgres://u:p@127.0.0.1:5432/db',
      BRAND_HOSTS: 'bank.example=northmere, wallet.example=pebble',
    });
    expect(config.port).toBe(9090);
    expect(config.databaseUrl).toBe('postgres://u:p@127.0.0.1:5432/db');
    expect(config.brandHosts).toEqual({ 'bank.example': 'northmere', 'wallet.example': 'pebble' });
  });

  it('names every bad variable in one clear message and never echoes a secret', () => {
    let error: unknown;
    try {
      loadConfig({
        PORT: 'eighty',
        DATABASE_URL: 'mysql://root:hunter2@db/x',
        JWT_SECRET: 'short',
        NODE_ENV: 'staging',
      });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as ConfigError).message;
    expect(message).toMatch(/PORT: must be a port number \(got "eighty"\)/);
    expect(message).toMatch(/DATABASE_URL: must start with postgres:\/\//);
    expect(message).toMatch(/JWT_SECRET: must be at least 32 characters/);
    expect(message).toMatch(/NODE_ENV: must be development, production or test/);
    expect(message).not.toContain('hunter2');
    expect(message).not.toContain('short"');
  });

  it('turns the development stand-ins off in production unless DEV_TOOLS says otherwise', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).devTools).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', DEV_TOOLS: 'true' }).devTools).toBe(true);
  });

  it('hashes new passwords at scrypt N=2^17 unless told otherwise, and never below it in production', () => {
    expect(loadConfig({}).passwordHashCost).toBe(17);
    expect(loadConfig({ NODE_ENV: 'test', PASSWORD_HASH_COST: '10' }).passwordHashCost).toBe(10);
    expect(() => loadConfig({ NODE_ENV: 'production', PASSWORD_HASH_COST: '12' })).toThrow(
      /PASSWORD_HASH_COST: must be at least 17 in production \(got "12"\)/,
    );
    expect(() => loadConfig({ PASSWORD_HASH_COST: '9' })).toThrow(
      /PASSWORD_HASH_COST: must be at least 10/,
    );
  });

  it('starts an in-memory PGlite from a dumped database only, never a directory or PostgreSQL', () => {
    expect(
      loadConfig({ DATA_DIR: 'memory://', PGLITE_START_FROM: '/tmp/seeded.tar' }).pgliteStartFrom,
    ).toBe('/tmp/seeded.tar');
    expect(() => loadConfig({ DATA_DIR: './data', PGLITE_START_FROM: '/tmp/seeded.tar' })).toThrow(
      /PGLITE_START_FROM: only for PGlite in memory/,
    );
    expect(() =>
      loadConfig({
        DATA_DIR: 'memory://',
        DATABASE_URL: 'postgres://localhost/x',
        PGLITE_START_FROM: '/tmp/seeded.tar',
      }),
    ).toThrow(/PGLITE_START_FROM: only for PGlite in memory/);
  });

  it('makes bot-check challenges of at most 60,000 hashes unless told otherwise, never fewer in production', () => {
    expect(loadConfig({}).botCheckWork).toBe(60_000);
    expect(loadConfig({ NODE_ENV: 'test', BOT_CHECK_WORK: '600' }).botCheckWork).toBe(600);
    expect(() => loadConfig({ NODE_ENV: 'production', BOT_CHECK_WORK: '600' })).toThrow(
      /BOT_CHECK_WORK: must be at least 60000 in production \(got "600"\)/,
    );
    expect(() => loadConfig({ BOT_CHECK_WORK: '99' })).toThrow(
      /BOT_CHECK_WORK: must be at least 100/,
    );
  });
});
