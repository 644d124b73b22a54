import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase } from '../src/db/connect';
import { seedDemo } from '../src/db/seed';

/*
 * The server suite migrates and seeds one database, once, and gives every test server a copy of
 * it: a PGlite data directory dumped to a file (loaded with loadDataDir), or on PostgreSQL a
 * template database (`create database … template …`). Migrating and seeding took most of a test
 * server's start.
 *
 * A copy must look like a fresh seed to the tests. What the seed makes at random stays the same
 * in every copy (the card data key, under which the seeded card numbers are sealed), as it would
 * on one server restarted; the token signing key is not part of the copy: each test server makes
 * its own at start, as on a fresh database. Seeded times relative to now are days or hours away
 * (announcements, history, terms), so a copy made minutes after the seed reads the same.
 */

declare module 'vitest' {
  export interface ProvidedContext {
    /** A file holding a migrated and seeded PGlite data directory (tar). */
    pgliteSnapshotPath?: string;
    /** On TEST_DATABASE_URL's server: a migrated and seeded database to copy. */
    postgresTemplate?: string;
  }
}

/** Migrates and seeds a database in memory and answers its data directory as a tar. */
export async function buildPgliteSnapshot(): Promise<Blob> {
  const handle = await openDatabase({ dataDir: 'memory://' });
  try {
    await handle.migrate();
    await seedDemo(handle.db);
    if (!handle.dumpDataDir) throw new Error('PGlite cannot dump its data directory');
    return await handle.dumpDataDir();
  } finally {
    await handle.close();
  }
}

function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function withAdmin<T>(adminUrl: string, run: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    return await run(admin);
  } finally {
    await admin.end();
  }
}

export async function dropPostgresDatabase(adminUrl: string, name: string): Promise<void> {
  await withAdmin(adminUrl, (admin) =>
    admin.query(`drop database if exists ${pg.escapeIdentifier(name)} with (force)`),
  );
}

/** Creates a database on the server of adminUrl, migrates and seeds it; answers its name. */
export async function createPostgresTemplate(adminUrl: string): Promise<string> {
  const name = `ll_template_${randomBytes(6).toString('hex')}`;
  await withAdmin(adminUrl, (admin) => admin.query(`create database ${pg.escapeIdentifier(name)}`));
  try {
    const handle = await openDatabase({ databaseUrl: databaseUrl(adminUrl, name), dataDir: '' });
    try {
      await handle.migrate();
      await seedDemo(handle.db);
    } finally {
      // A template database must have no open connections when it is copied.
      await handle.close();
    }
    // A closed connection's backend may linger a moment; copies fail while one is there.
    await withAdmin(adminUrl, async (admin) => {
      const deadline = Date.now() + 30_000;
      while (Date.now() < deadline) {
        const { rows } = await admin.query<{ count: number }>(
          'select count(*)::int as count from pg_stat_activity where datname = $1',
          [name],
        );
        if (rows[0]?.count === 0) return;
        await new Promise((done) => setTimeout(done, 50));
      }
      throw new Error(`The template database ${name} still has connections`);
    });
  } catch (error) {
    await dropPostgresDatabase(adminUrl, name);
    throw error;
  }
  return name;
}

/** A new database copied from the template; drop() removes it. */
export async function copyPostgresTemplate(
  adminUrl: string,
  template: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `ll_test_${randomBytes(6).toString('hex')}`;
  await withAdmin(adminUrl, (admin) =>
    admin.query(
      `create database ${pg.escapeIdentifier(name)} template ${pg.escapeIdentifier(template)}`,
    ),
  );
  return { url: databaseUrl(adminUrl, name), drop: () => dropPostgresDatabase(adminUrl, name) };
}
