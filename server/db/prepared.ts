import type { Database } from './client.ts';

/**
 * A query prepared once per database (drizzle's `.prepare(name)`, with `sql.placeholder` for its
 * values), for what nearly every request runs (issue 17): its SQL is built once instead of per
 * call, and PostgreSQL parses and plans it once per connection. `name` must be unique.
 */
export function preparedPerDatabase<Statement>(build: (db: Database) => Statement): (db: Database) => Statement {
  const statements = new WeakMap<Database, Statement>();
  return (db) => {
    let statement = statements.get(db);
    if (!statement) {
      statement = build(db);
      statements.set(db, statement);
    }
    return statement;
  };
}
