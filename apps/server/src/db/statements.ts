import { createHash } from 'node:crypto';
import { fillPlaceholders, type Placeholder, SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Executor } from './handle.js';

// How queries run: raw rows, named prepared statements read by a reader per statement, and statements built once
// per shape.

/** Runs raw SQL and returns its rows (both drivers answer `{ rows }`). */
export async function queryRows<T>(executor: Executor, query: SQL): Promise<T[]> {
  const result: unknown = await executor.execute(query);
  return (result as { rows: T[] }).rows;
}

type DrizzleInternals = {
  dialect: PgDialect;
  session: {
    prepareQuery(
      query: { sql: string; params: unknown[] },
      fields: undefined,
      name: string,
      arrayMode: false,
    ): { execute(): Promise<unknown> };
    client: unknown;
  };
};

const statementNames = new Map<string, string>();

/** A statement's name on a connection: the same text always gets the same name. */
export function statementName(text: string): string {
  let name = statementNames.get(text);
  if (!name) {
    name = `burti_${createHash('sha1').update(text).digest('hex').slice(0, 16)}`;
    if (statementNames.size < 1000) statementNames.set(text, name);
  }
  return name;
}

/**
 * `queryRows` as a named prepared statement: PostgreSQL parses it once per connection and, once its generic plan
 * costs no more than the plans made for each call's values, reuses that plan (pg_prepared_statements counts
 * which); planning the feed, comment and leaderboard reads costs more than running them. Only for queries
 * whose text comes from a fixed set of shapes (no lists of varying length spelled into the text): each shape is
 * kept on every pooled connection. PGlite runs it as an ordinary query. Write a LIMIT with `rowLimit`.
 */
export async function queryPrepared<T>(executor: Executor, query: SQL | Statement): Promise<T[]> {
  const { dialect, session } = executor as unknown as DrizzleInternals;
  const client = session.client;
  if (!(query instanceof SQL) && (client instanceof pg.Pool || client instanceof pg.Client)) {
    // Straight to the driver, each row made by its statement's own reader.
    if (!(client instanceof pg.Pool)) return readPrepared<T>(client, query);
    // As the pool's own query() does: a connection for the read, released with the error if there was one.
    const connection = await client.connect();
    let failure: Error | undefined;
    try {
      return await readPrepared<T>(connection, query);
    } catch (error) {
      failure = error as Error;
      throw error;
    } finally {
      connection.release(failure);
    }
  }
  const built = query instanceof SQL ? dialect.sqlToQuery(query) : { sql: query.text, params: [...query.values] };
  const name = query instanceof SQL ? statementName(built.sql) : query.name;
  const result: unknown = await session.prepareQuery(built, undefined, name, false).execute();
  return (result as { rows: T[] }).rows;
}

function readPrepared<T>(connection: pg.ClientBase, query: Statement): Promise<T[]> {
  return new Promise<T[]>((resolve, reject) => {
    connection.query(new PreparedRead(query, (error, result) => (error ? reject(error) : resolve(result.rows as T[]))));
  });
}

/** The parts of `pg`'s Query that PreparedRead takes over (pg 8: query.js). */
type QueryInternals = {
  name: string;
  _result: { fields: readonly pg.FieldDef[]; rows: unknown[] };
  _canceledDueToError: unknown;
};

/**
 * A named prepared read, sent by `pg` as any named query, with the two steps where `pg` spent most per query done
 * once per statement instead (a CPU profile of the post detail: 13 µs of the API's 104 µs a request): `pg` copies
 * a query's config object property by property, descriptor by descriptor, and on every row description builds a
 * template object of the columns by name and looks each column's parser up. Here the query is made from its text
 * and values, and each statement's reader (parsers and row literal) is made on its first row description and
 * reused while the columns stay the same.
 */
class PreparedRead extends pg.Query {
  private read: RowReader['read'] | undefined;

  constructor(statement: Statement, callback?: (error: Error | undefined, result: { rows: unknown[] }) => void) {
    super(statement.text, statement.values, callback);
    (this as unknown as QueryInternals).name = statement.name;
  }

  handleRowDescription(message: { fields: pg.FieldDef[] }): void {
    const self = this as unknown as QueryInternals;
    self._result.fields = message.fields;
    this.read = rowReader(self.name, message.fields);
  }

  handleDataRow(message: { fields: (string | null)[] }): void {
    const self = this as unknown as QueryInternals;
    if (self._canceledDueToError) return;
    try {
      self._result.rows.push(this.read!(message.fields));
    } catch (error) {
      // As `pg` does: the error is answered once the statement has ended.
      self._canceledDueToError = error;
    }
  }
}

/**
 * Each named statement's reader: its columns' parsers and an object literal of its columns, compiled once per
 * statement. `pg` builds a row by storing each column under its name, one store site for every statement of the
 * process, so with the server's many row shapes those stores went the slow, shape-generic way (the Following
 * feed's rows took three times the baseline's parsing time, where the baseline reads one shape); a literal per
 * statement stays on its own shape. Column names come from PostgreSQL's row description of the server's own
 * statements.
 */
type RowReader = { fields: readonly pg.FieldDef[]; read: (values: readonly (string | null)[]) => unknown };
const rowReaders = new Map<string, RowReader>();
function rowReader(name: string, fields: readonly pg.FieldDef[]): RowReader['read'] {
  const known = rowReaders.get(name);
  if (known && sameColumns(known.fields, fields)) return known.read;
  const parsers = fields.map(
    (field) => driverTypes.getTypeParser(field.dataTypeID, 'text') as (value: string) => unknown,
  );
  // A column named __proto__ would set the prototype in a literal; computed, it is an own property as in `pg`.
  const key = (column: string) => (column === '__proto__' ? `["__proto__"]` : JSON.stringify(column));
  const columns = fields.map((field, i) => `${key(field.name)}: v[${i}] === null ? null : p[${i}](v[${i}])`);
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- a literal of the statement's own column names
  const make = new Function('v', 'p', `return { ${columns.join(', ')} };`) as (
    values: readonly (string | null)[],
    parsers: ((value: string) => unknown)[],
  ) => unknown;
  const read = (values: readonly (string | null)[]) => make(values, parsers);
  rowReaders.set(name, { fields, read });
  return read;
}

function sameColumns(a: readonly pg.FieldDef[], b: readonly pg.FieldDef[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++)
    if (a[i]!.name !== b[i]!.name || a[i]!.dataTypeID !== b[i]!.dataTypeID) return false;
  return true;
}

/** How drizzle's node-postgres driver reads values: times, dates and intervals stay text. */
const RAW_TYPES = new Set([
  pg.types.builtins.TIMESTAMPTZ,
  pg.types.builtins.TIMESTAMP,
  pg.types.builtins.DATE,
  pg.types.builtins.INTERVAL,
  1231,
  1115,
  1185,
  1187,
  1182,
]);
const rawValue = (value: string) => value;
const driverTypes: pg.CustomTypesConfig = {
  getTypeParser: ((oid: number) =>
    RAW_TYPES.has(oid)
      ? rawValue
      : (pg.types.getTypeParser(oid) as (value: string) => unknown)) as pg.CustomTypesConfig['getTypeParser'],
};

/** A statement built once per shape (`statement()`): its name on a connection, its text, and this call's values. */
export type Statement = { readonly name: string; readonly text: string; readonly values: readonly unknown[] };

/** Where a call's value goes in a shape's parameters. */
class Slot {
  constructor(readonly name: string) {}
}
/** A shape: its text and name, and its parameters: a slot for each placeholder, the value of each constant. */
type Shape = { name: string; text: string; params: unknown[] };
const shapes = new Map<string, Shape>();
const placeholders = new Proxy({} as Record<string, Placeholder>, {
  get: (_target, name) => (typeof name === 'string' ? sql.placeholder(name) : undefined),
});
const slots = new Proxy({}, { has: () => true, get: (_target, name) => new Slot(String(name)) });
const dialect = new PgDialect();
const verifyShapes = process.env.NODE_ENV === 'test';

/**
 * A hot read's statement with its text built once per shape: drizzle's building of a large statement (walking
 * some hundred fragments and naming the text) cost the post detail a sixth of its CPU on every call. `key` names
 * the shape: everything that changes the text (which filters are present, the LIMIT) and nothing else; `build`
 * composes the text from `p`, whose members stand for `values` of the same name. The tests build the text again on
 * every call and fail when the key missed a difference.
 */
export function statement<V extends Record<string, unknown>>(
  key: string,
  values: V,
  build: (p: { readonly [K in keyof V]: Placeholder }) => SQL,
): Statement {
  let shape = shapes.get(key);
  if (!shape || verifyShapes) {
    const built = dialect.sqlToQuery(build(placeholders as { readonly [K in keyof V]: Placeholder }));
    if (shape && shape.text !== built.sql) throw new Error(`statement ${key}: one key, two texts`);
    shape ??= { name: statementName(built.sql), text: built.sql, params: fillPlaceholders(built.params, slots) };
    shapes.set(key, shape);
  }
  const params = shape.params;
  const filled = new Array<unknown>(params.length);
  for (let i = 0; i < params.length; i++) {
    const param = params[i];
    filled[i] = param instanceof Slot ? values[param.name] : param;
  }
  return { name: shape.name, text: shape.text, values: filled };
}

/**
 * A row count for LIMIT or OFFSET, written into the statement's text rather than sent as a value. With the limit
 * as a parameter, PostgreSQL costs the generic plan of a prepared statement for an unknown share of the table
 * (a full sort of a million posts), never finds it as cheap as a plan for the actual 51 rows, and so plans every
 * call again: 0.7 ms of the feed's 1.6 ms of database time at a million posts. Page sizes are a handful of
 * constants, so the set of statement texts stays small.
 */
export function rowLimit(count: number): SQL {
  if (!Number.isSafeInteger(count) || count < 0) throw new RangeError(`not a row count: ${count}`);
  return sql.raw(String(count));
}

/** True when the error is PostgreSQL's unique violation (23505) of the named constraint, from either driver. */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  const cause = (error as { cause?: unknown }).cause ?? error;
  const e = cause as { code?: string; constraint?: string; message?: string };
  return e.code === '23505' && (e.constraint === constraint || (e.message ?? '').includes(constraint));
}
