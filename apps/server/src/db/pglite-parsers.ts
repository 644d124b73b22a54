import { types, type PGlite, type QueryOptions, type Transaction } from '@electric-sql/pglite';
import { pgliteStatements, type PgliteStatements } from './pglite-prepared';

/*
 * drizzle's PGlite driver sends the same type parsers with every query: dates, times, intervals
 * and a few arrays are to be left as the text PostgreSQL wrote, for drizzle's columns to read.
 * PGlite then merges them with its own table of every type's parser (about 320 of them, one per
 * array type of the catalogue) into a new object, for every query. That merge cost more than many
 * of our queries themselves (decision 121). The same parsers are put into the instance's table
 * once instead, and drizzle's queries go to PGlite without them: every answer is parsed exactly
 * as before. PGlite fills its array parsers only when it opens (and on refreshArrayTypes, which
 * nothing here calls), so what is put in stays.
 */

/** The types drizzle reads as text: a parser for one of these leaves the text as it is. */
export const DRIZZLE_TEXT_TYPES: readonly number[] = [
  types.TIMESTAMP,
  types.TIMESTAMPTZ,
  types.INTERVAL,
  types.DATE,
  1231, // numeric[]
  1115, // timestamp[]
  1185, // timestamptz[]
  1187, // interval[]
  1182, // date[]
];
const TEXT_TYPES = new Set(DRIZZLE_TEXT_TYPES.map(String));
const asText = (value: string): string => value;

/** Query options without parsers the instance already has; the same object when there are none. */
function withoutInstalled(options: QueryOptions | undefined): QueryOptions | undefined {
  const parsers = options?.parsers;
  if (!parsers) return options;
  for (const [type, parse] of Object.entries(parsers))
    // Another parser (not one drizzle reads as text) keeps the options as they are.
    if (
      !TEXT_TYPES.has(type) ||
      parse('2026-01-02 03:04:05+00', Number(type)) !== '2026-01-02 03:04:05+00'
    )
      return options;
  const { parsers: _installed, ...rest } = options;
  return rest;
}

type Queryable = Pick<PGlite, 'query' | 'exec'>;

function querying<T extends Queryable>(target: T, statements: PgliteStatements): T['query'] {
  return ((text: string, params?: unknown[], options?: QueryOptions) =>
    statements.query(target, text, params, withoutInstalled(options))) as T['query'];
}

/**
 * What drizzle is given instead of the instance: only `query` and `transaction`, the two methods
 * drizzle's driver calls. A class, not an object literal: drizzle takes a plain object with no keys
 * it knows for its own configuration.
 */
class DrizzleClient {
  readonly query: PGlite['query'];

  constructor(
    private readonly client: PGlite,
    private readonly statements: PgliteStatements,
  ) {
    this.query = querying(client, statements);
  }

  transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T> {
    return this.client.transaction((tx) =>
      callback({ query: querying(tx, this.statements) } as Transaction),
    );
  }
}

/**
 * The client drizzle is given: drizzle's text parsers installed on the instance, and its queries
 * (in and out of transactions) sent without them, through prepared statements where they repeat.
 */
export function withDrizzleParsers(client: PGlite): PGlite {
  for (const type of DRIZZLE_TEXT_TYPES) client.parsers[type] = asText;
  return new DrizzleClient(client, pgliteStatements(client)) as unknown as PGlite;
}
