import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import {
  buildPgliteSnapshot,
  createPostgresTemplate,
  dropPostgresDatabase,
} from './database-snapshot';

interface Prepared {
  key: 'postgresTemplate' | 'pgliteSnapshotPath';
  value: string;
  remove: () => Promise<void>;
}

/**
 * The two server projects (`server`, sharing a module graph, and `server-fresh`, isolated) each
 * run this setup in vitest's one main process: they share one database, kept on globalThis (the
 * setup file may be loaded once per project), and the last project to finish removes it.
 */
const shared = globalThis as typeof globalThis & {
  __ledgerlineTestDatabase?: { prepared: Promise<Prepared>; users: number };
};

async function prepare(): Promise<Prepared> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) {
    const template = await createPostgresTemplate(adminUrl);
    return {
      key: 'postgresTemplate',
      value: template,
      remove: () => dropPostgresDatabase(adminUrl, template),
    };
  }
  const folder = mkdtempSync(join(tmpdir(), 'ledgerline-suite-'));
  const path = join(folder, 'seeded.tar');
  writeFileSync(path, Buffer.from(await (await buildPgliteSnapshot()).arrayBuffer()));
  // npm test keeps a copy for the browser tests' server to start from (PGLITE_START_FROM).
  if (process.env.TEST_SNAPSHOT_OUT) copyFileSync(path, process.env.TEST_SNAPSHOT_OUT);
  return {
    key: 'pgliteSnapshotPath',
    value: path,
    remove: async () => rmSync(folder, { recursive: true, force: true }),
  };
}

/**
 * Once per run, before any server test file: the one migrated and seeded database every test
 * server copies (test/database-snapshot.ts). Removed after the run.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const entry = (shared.__ledgerlineTestDatabase ??= { prepared: prepare(), users: 0 });
  entry.users += 1;
  const { key, value, remove } = await entry.prepared;
  project.provide(key, value);
  return async () => {
    entry.users -= 1;
    if (entry.users > 0) return;
    shared.__ledgerlineTestDatabase = undefined;
    await remove();
  };
}
