import { createHash } from 'node:crypto';
import type pg from 'pg';

/*
 * Named (prepared) statements for node-postgres (decision 129). An unnamed statement is parsed,
 * analysed and planned by PostgreSQL on every call; a transfer's statements cost it about 0.9 ms
 * of planning alone. A statement this pool has already run with parameters gets a name from its
 * text, so each connection parses it once and PostgreSQL's plan cache keeps its plan (a generic
 * one after five calls, when that plan is no dearer than a custom one).
 *
 * Bounded on both sides: only the first NAMES_COUNTED distinct texts are counted (one-off texts
 * such as migrations never get a name: they run once), and a connection holds at most
 * NAMES_PER_CONNECTION statements; a text beyond either limit runs unnamed, as before.
 * Statements without parameters stay on the simple protocol, which allows several commands in one
 * text. A schema change at run time that alters what a prepared statement returns would fail it
 * ("cached plan must not change result type"); migrations run before the pool serves anything.
 */

/** Distinct texts the pool counts; their count is kept while the pool lives. */
export const NAMES_COUNTED = 5000;
/** Prepared statements one connection keeps (PostgreSQL holds each one's plan in its memory). */
const NAMES_PER_CONNECTION = 400;

interface QueryConfig {
  text?: unknown;
  name?: unknown;
  values?: unknown;
  submit?: unknown;
}

/**
 * The name of a text: stable across connections and processes, within PostgreSQL's 63 bytes, and
 * an identifier as it is (lower case, no quoting), for SQL's PREPARE on PGlite.
 */
export function statementName(text: string): string {
  return `ll_${createHash('sha256').update(text).digest('hex').slice(0, 40)}`;
}

/**
 * Counts the texts a database handle runs: `nameOf(text)` answers the text's name from its second
 * use on, and nothing for a first use or once `counted` distinct texts have been seen.
 */
export function repeatedTexts(counted: number): (text: string) => string | undefined {
  /** A text's uses so far, or its name once it has one. */
  const seen = new Map<string, number | string>();
  return (text) => {
    const known = seen.get(text);
    if (typeof known === 'string') return known;
    if (known === undefined) {
      if (seen.size < counted) seen.set(text, 1);
      return undefined;
    }
    const name = statementName(text);
    seen.set(text, name);
    return name;
  };
}

/**
 * Makes a pool name the statements it runs again: call it once per pool, before its first query.
 * Each new connection's `query` names a parameterised text on its second use in the pool.
 */
export function nameRepeatedStatements(pool: pg.Pool): void {
  const nameOf = repeatedTexts(NAMES_COUNTED);

  pool.on('connect', (client) => {
    const prepared = new Set<string>();
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    const namingQuery = (config: unknown, values?: unknown, callback?: unknown): unknown => {
      const asked: QueryConfig | undefined =
        typeof config === 'string'
          ? { text: config }
          : config !== null && typeof config === 'object'
            ? (config as QueryConfig)
            : undefined;
      const parameters = Array.isArray(values) ? values : asked?.values;
      if (
        asked !== undefined &&
        typeof asked.text === 'string' &&
        asked.name === undefined &&
        typeof asked.submit !== 'function' &&
        Array.isArray(parameters) &&
        parameters.length > 0
      ) {
        const name = nameOf(asked.text);
        if (name !== undefined && (prepared.has(name) || prepared.size < NAMES_PER_CONNECTION)) {
          prepared.add(name);
          return query({ ...asked, name }, values, callback);
        }
      }
      return query(config, values, callback);
    };
    client.query = namingQuery as typeof client.query;
  });
}
