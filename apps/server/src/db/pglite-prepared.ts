import type { PGlite, QueryOptions, Results } from '@electric-sql/pglite';
import { NAMES_COUNTED, repeatedTexts } from './named-statements';

/*
 * Prepared statements on PGlite (decision 129). PGlite's `query` parses, analyses and plans its
 * text on every call, in WebAssembly: for a statement of a few joins that is most of its time
 * (measured: 0.9–1.6 ms a call against 0.16 ms for EXECUTE of the same statement prepared).
 * PGlite's API has no named statements, so a text this instance runs again is prepared with SQL's
 * PREPARE, and later calls run `EXECUTE name(…)` with the values written as literals.
 *
 * - The PREPARE runs on the instance, never inside a transaction: PGlite queues it behind the
 *   open one. The call that asked for it runs as before; so does every call until it is prepared,
 *   and every call of a text PREPARE refused.
 * - The values: PREPARE decides each parameter's type exactly as PGlite's own parse does (no
 *   types given); each value is written by PGlite's serializer for that type, as its `query`
 *   does, then as a quoted literal, which PostgreSQL reads with the type's input function, as it
 *   reads a bound text value. Quoting doubles single quotes, which is all a literal needs while
 *   standard_conforming_strings is on; it is read with each PREPARE, and nothing runs prepared
 *   if it is off. A value holding a NUL byte (PostgreSQL refuses those in text anyway), and values
 *   longer than LITERAL_LIMIT together, run unprepared.
 * - Only SELECT, INSERT, UPDATE, DELETE, WITH and VALUES texts are prepared (PREPARE takes no
 *   other), at most PREPARED_LIMIT of them; PGlite has one session, so one plan cache.
 */

/** Statements the instance keeps prepared (each one's plan is held in PGlite's memory). */
const PREPARED_LIMIT = 600;
/** Values this long in all run unprepared: a literal is scanned by the parser, a bound value is not. */
const LITERAL_LIMIT = 64 * 1024;
const PREPARABLE = /^\s*\(*\s*(select|insert|update|delete|with|values)\b/i;

type Queryable = Pick<PGlite, 'query' | 'exec'>;

/** A text's parameter types once prepared; 'preparing' while its PREPARE waits; 'refused' for good. */
type Prepared = number[] | 'preparing' | 'refused';

export interface PgliteStatements {
  /** Runs one query on target (the instance or an open transaction), prepared when it can be. */
  query<T>(
    target: Queryable,
    text: string,
    params: unknown[] | undefined,
    options: QueryOptions | undefined,
  ): Promise<Results<T>>;
}

/** Literal text of one value, or undefined when it cannot be written as one. */
function literalOf(client: PGlite, type: number, value: unknown): string | undefined {
  if (value === null || value === undefined) return 'NULL';
  const serialize = client.serializers[type];
  const text = serialize ? serialize(value) : String(value);
  if (text.includes('\0')) return undefined;
  return `'${text.replaceAll("'", "''")}'`;
}

/**
 * EXECUTE as one simple-protocol message: `query` would send five (parse, describe, bind,
 * describe, execute) into the WebAssembly and back, each copied and parsed, for a text without
 * parameters (a primary-key read: 57–81 µs a call against 87–160). The answer is read with the
 * same parsers and options.
 */
async function executed<T>(
  target: Queryable,
  text: string,
  options: QueryOptions | undefined,
): Promise<Results<T>> {
  const [result] = await target.exec(text, options);
  return result as Results<T>;
}

export function pgliteStatements(client: PGlite): PgliteStatements {
  let enabled = true;
  const nameOf = repeatedTexts(NAMES_COUNTED);
  const statements = new Map<string, Prepared>();

  async function prepare(name: string, text: string): Promise<void> {
    try {
      const results = await client.exec(
        `prepare ${name} as ${text};
         select array_to_string(parameter_types::oid[], ',') as types,
           current_setting('standard_conforming_strings') = 'on' as literal
           from pg_prepared_statements where name = '${name}'`,
      );
      const row = results[1]?.rows[0] as { types?: string; literal?: boolean } | undefined;
      if (row?.literal !== true) enabled = false;
      const types = row?.types ?? '';
      statements.set(name, types === '' ? [] : types.split(',').map(Number));
    } catch {
      statements.set(name, 'refused');
    }
  }

  return {
    query<T>(
      target: Queryable,
      text: string,
      params: unknown[] | undefined,
      options: QueryOptions | undefined,
    ): Promise<Results<T>> {
      const name = enabled && PREPARABLE.test(text) ? nameOf(text) : undefined;
      if (name !== undefined) {
        const prepared = statements.get(name);
        const values = params ?? [];
        if (Array.isArray(prepared) && prepared.length === values.length) {
          const literals: string[] = [];
          let length = 0;
          for (let index = 0; index < values.length && length <= LITERAL_LIMIT; index += 1) {
            const literal = literalOf(client, prepared[index]!, values[index]);
            if (literal === undefined) break;
            literals.push(literal);
            length += literal.length;
          }
          if (literals.length === values.length && length <= LITERAL_LIMIT)
            return executed<T>(
              target,
              literals.length === 0 ? `execute ${name}` : `execute ${name}(${literals.join(', ')})`,
              options,
            );
        } else if (prepared === undefined && statements.size < PREPARED_LIMIT) {
          statements.set(name, 'preparing');
          void prepare(name, text);
        }
      }
      return target.query<T>(text, params, options);
    },
  };
}
