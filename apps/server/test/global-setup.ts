import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import {
  buildPgliteSnapshot,
  createPostgresTemplate,
  dropPostgresDatabase,
} from './database-snapshot';

/**
 * Once per run of the server project, before any test file: the one migrated and seeded
 * database every test server copies (test/database-snapshot.ts). Removed after the run.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) {
    const template = await createPostgresTemplate(adminUrl);
    project.provide('postgresTemplate', template);
    return () => dropPostgresDatabase(adminUrl, template);
  }
  const folder = mkdtempSync(join(tmpdir(), 'ledgerline-suite-'));
  const path = join(folder, 'seeded.tar');
  writeFileSync(path, Buffer.from(await (await buildPgliteSnapshot()).arrayBuffer()));
  project.provide('pgliteSnapshotPath', path);
  return async () => rmSync(folder, { recursive: true, force: true });
}
