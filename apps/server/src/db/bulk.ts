import { getTableColumns, getTableName, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './client';

/*
 * Many rows in one statement with ONE parameter, the rows as a JSON array:
 *   insert into t (a, b) select (x.e->>'a')::integer, (x.e->'b')::jsonb from jsonb_array_elements($1::jsonb) as x(e)
 * The statement's text stays the same for 10 rows or 10,000, building it is one JSON.stringify
 * (native), the database parses the rows in one pass, and it never nears PostgreSQL's 65,535
 * parameters. Drizzle's multi-row VALUES builder spends about a tenth of a millisecond of CPU per
 * row on its own checks, more than the database takes to store the row, and an array parameter per
 * column makes the driver escape every element (issue 17: a 10,000-row mass batch). Both drivers
 * (node-postgres and PGlite) send the text as it is. `json_array_elements` with one operator per
 * field reads the rows in about half the time `json_to_recordset` takes, which builds a hash of
 * every object's keys (issue 19: 10,000 ledger transfers with their details, 750 → 350 ms). The
 * array is read as jsonb, not json: a json value is text, and every `->>` on a json element parses
 * the whole element again (a transfer's element, its details included, once for every field read
 * from it), where jsonb is parsed once and each field is looked up (decision 125).
 */

/**
 * Inserts `rows` into `table`. Every row gives the same columns (those of the first row); a column
 * not given keeps its default. Values go through the column's own mapping (dates, numerics)
 * exactly as drizzle's insert would send them; JSON columns stay JSON inside the document, and a
 * column with the same value in every row is one parameter of its own (the database then parses
 * only what differs).
 */
export async function insertMany<T extends PgTable>(
  db: DbOrTx,
  table: T,
  rows: readonly T['$inferInsert'][],
): Promise<void> {
  const statement = insertStatement(table, rows);
  if (statement) await db.execute(statement);
}

/** The insert statements of insertMany for `rows` in parts, each built only when it is asked for. */
export function* insertStatements<T extends PgTable>(
  table: T,
  rows: readonly T['$inferInsert'][],
  partRows: number,
): Generator<SQL> {
  for (let start = 0; start < rows.length; start += partRows) {
    const statement = insertStatement(table, rows.slice(start, start + partRows));
    if (statement) yield statement;
  }
}

/**
 * insertMany for several tables in ONE statement, in the order given: each insert but the last is
 * a data-modifying WITH of the last (`with s0 as (insert …) insert …`), so rows may reference rows
 * inserted before them (foreign keys are checked at the statement's end). Null when there are no
 * rows at all.
 */
export function insertTogether(
  inserts: readonly { table: PgTable; rows: readonly Record<string, unknown>[] }[],
): SQL | null {
  const statements = inserts
    .map(({ table, rows }) => insertStatement(table, rows as readonly PgTable['$inferInsert'][]))
    .filter((statement): statement is SQL => statement !== null);
  const last = statements.pop();
  if (!last) return null;
  if (statements.length === 0) return last;
  const before = sql.join(
    statements.map((statement, index) => sql`${sql.raw(`s${index}`)} as (${statement})`),
    sql`, `,
  );
  return sql`with ${before} ${last}`;
}

/**
 * Runs the statements one after another, in order, taking the next one from the iterable (which
 * may build it then, and may wait for reads of its own) while the database runs the one before:
 * the server's work and the database's overlap instead of taking turns. The statement is sent
 * before the next is built: a drizzle query starts when `then` is called, and both drivers write
 * it out at once. A failure stops the rest; the caller's transaction is then aborted, as with any
 * failed statement.
 */
export async function runInTurn(
  db: DbOrTx,
  statements: Iterable<SQL> | AsyncIterable<SQL>,
): Promise<void> {
  let running: Promise<unknown> = Promise.resolve();
  try {
    for await (const statement of statements) {
      await running;
      running = db.execute(statement).then(() => undefined);
      // Observed at once: it may fail while the iterable awaits reads of its own, before the
      // `await` above reaches it, and an unobserved rejection would stop the process. Its error is
      // still what that `await` (or the one below) throws.
      running.catch(() => undefined);
    }
  } catch (error) {
    // A statement that failed is the cause of what the iterable met after it: its error answers.
    await running;
    throw error;
  }
  await running;
}

/** insertMany's one statement for `rows`; null when there are none. */
function insertStatement<T extends PgTable>(
  table: T,
  rows: readonly T['$inferInsert'][],
): SQL | null {
  const first = rows[0];
  if (!first) return null;
  const columns = getTableColumns(table) as Record<string, PgColumn>;
  const known = Object.keys(first)
    .filter((key) => first[key as keyof typeof first] !== undefined)
    .map((key) => {
      const column = columns[key];
      if (!column) throw new Error(`insertMany: ${getTableName(table)} has no column ${key}`);
      return { key, column, json: column.dataType === 'json' };
    });
  const values = known.map(({ key, column, json }) =>
    rows.map((row) => {
      const value = (row as Record<string, unknown>)[key];
      if (value === null || value === undefined) return null;
      return json ? value : column.mapToDriverValue(value);
    }),
  );
  // A column with one value in every row (the customer, the status, the time…) is sent once.
  const constant = known.map(
    ({ json }, index) =>
      !json && rows.length > 1 && values[index]!.every((value) => value === values[index]![0]),
  );
  if (constant.every(Boolean)) constant[0] = false;
  // A null is left out of its row's object: `->` and `->>` then give SQL NULL, never JSON null.
  const documents = rows.map((_, row) => {
    const document: Record<string, unknown> = {};
    known.forEach(({ column }, index) => {
      const value = values[index]![row];
      if (!constant[index] && value !== null) document[column.name] = value;
    });
    return document;
  });
  const names = sql.raw(known.map(({ column }) => `"${column.name}"`).join(', '));
  const picked = sql.join(
    known.map(({ column, json }, index) =>
      constant[index]
        ? sql`${values[index]![0]}::${sql.raw(column.getSQLType())}`
        : sql.raw(
            json
              ? `(x.e->'${column.name}')::${column.getSQLType()}`
              : `(x.e->>'${column.name}')::${castType(column)}`,
          ),
    ),
    sql`, `,
  );
  return sql`insert into ${table} (${names}) select ${picked} from jsonb_array_elements(${JSON.stringify(documents)}::jsonb) as x(e)`;
}

/**
 * The type a field's text is cast to: the column's own, less a character type's length, so a value
 * too long fails on the column ("value too long") as an insert would, instead of being cut by the cast.
 */
function castType(column: PgColumn): string {
  return column.getSQLType().replace(/^(varchar|char|character varying|character)\(\d+\)$/, '$1');
}

/** The SQL type of a column's array parameter, e.g. `numeric(38, 8)[]`. */
function arrayType(column: PgColumn): SQL {
  return sql.raw(`${column.getSQLType()}[]`);
}

/** `column = any($1::type[])`: one parameter however many values (drizzle's inArray sends one each). */
export function anyOf(column: PgColumn, values: readonly unknown[]): SQL {
  return sql`${column} = any(${sql.param(values)}::${arrayType(column)})`;
}
