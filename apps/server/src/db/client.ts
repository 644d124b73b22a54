import type { SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';

/**
 * One type for both drivers (PGlite and node-postgres): the same queries run on either. Without
 * drizzle's relational API (`db.query.…`, decision 129): given the schema, drizzle builds a query
 * builder for every table on every transaction it opens, 2 % of the server's CPU under transfers.
 */
export type Database = PgDatabase<PgQueryResultHKT>;
/** A transaction handle has the same query surface; inside a transaction use only it. */
export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
export type DbOrTx = Database | Tx;

/** Raw SQL rows on either driver: both PGlite and node-postgres answer `{ rows }`. */
export async function selectRows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
