import type { Database } from './client.ts';

/** What is made once per database and kept while it lives: a prepared query, a group commit (groupCommit.ts). */
export function oncePerDatabase<Made>(build: (db: Database) => Made): (db: Database) => Made {
  const made = new WeakMap<Database, Made>();
  return (db) => {
    let each = made.get(db);
    if (!each) {
      each = build(db);
      made.set(db, each);
    }
    return each;
  };
}

/**
 * A query prepared once per database (drizzle's `.prepare(name)`, with `sql.placeholder` for its
 * values), for what nearly every request runs (issue 17): its SQL is built once instead of per
 * call, and PostgreSQL parses and plans it once per connection. `name` must be unique.
 */
export const preparedPerDatabase = oncePerDatabase;
