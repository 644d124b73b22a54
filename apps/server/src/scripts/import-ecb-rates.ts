import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { ConfigError, loadConfig } from '../config';
import { openDatabase } from '../db/connect';
import { importEcbCsv } from '../modules/rates';

/*
 * `npm run rates:import -- <file.csv>` (or `-` for standard input): stores the ECB euro reference
 * rates of an eurofxref.csv (daily) or eurofxref-hist.csv (history) file — unzip the ECB's
 * download first — in the configured database (DATABASE_URL, else PGlite in DATA_DIR). With
 * PGlite, stop the server first: one process at a time may open its data directory.
 */

async function readInput(path: string): Promise<string> {
  // npm runs workspace scripts in the workspace folder; INIT_CWD is where the command was typed.
  // eslint-disable-next-line security/detect-non-literal-fs-filename -- the operator names the file to import
  if (path !== '-') return readFile(resolve(process.env.INIT_CWD ?? process.cwd(), path), 'utf8');
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

async function main(): Promise<void> {
  const path = process.argv[2];
  if (!path) {
    console.error('Usage: npm run rates:import -- <eurofxref.csv | eurofxref-hist.csv | ->');
    process.exit(2);
  }
  const text = await readInput(path);
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await database.migrate();
    const { dates, count } = await importEcbCsv(database.db, text);
    const sorted = [...dates].sort();
    console.log(
      `Imported ${count} rates for ${dates.length} day(s): ${sorted[0]}${sorted.length > 1 ? ` … ${sorted.at(-1)}` : ''}`,
    );
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError || error instanceof Error ? error.message : error);
  process.exit(1);
});
