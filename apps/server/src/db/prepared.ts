import type { Db } from './client';

/**
 * A query built once per database handle and prepared, for the statements every request sends
 * (the live session, the space gate, users/me). Building SQL with Drizzle costs more CPU than the
 * statement itself takes in PostgreSQL; a prepared query is built once and only binds values. On
 * PostgreSQL the name also makes it a server-side prepared statement (parsed once per
 * connection). Build it with `sql.placeholder(name)` for every value.
 *
 * Keyed by the handle, so a transaction (its own handle) prepares its own copy, on its own
 * connection, and nothing outlives the handle.
 */
export function preparedPerDb<Q>(build: (db: Db) => Q): (db: Db) => Q {
  const built = new WeakMap<Db, Q>();
  return (db) => {
    let query = built.get(db);
    if (query === undefined) {
      query = build(db);
      built.set(db, query);
    }
    return query;
  };
}
