import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase } from './db/client.ts';

const handle = await openDatabase({ databaseUrl: process.env.DATABASE_URL, pgliteDir: mkdtempSync(path.join(tmpdir(), 'probe-')) });
await handle.migrate();
const { db } = handle;
await db.execute(sql`create table if not exists zz_t (id serial primary key, k text unique, v int)`);
await db.execute(sql`insert into zz_t (k, v) select 'k' || g, g from generate_series(1, 1000) g on conflict do nothing`);
await db.execute(sql`create or replace function zz_f(n int) returns int language plpgsql as $$
declare total int := 0; x int; i int;
begin
  for i in 1..n loop
    select v into x from zz_t where k = 'k' || i;
    total := total + x;
  end loop;
  return total;
end $$`);
async function time(label: string, n: number, run: () => Promise<unknown>) {
  for (let i = 0; i < 50; i += 1) await run();
  const start = performance.now();
  for (let i = 0; i < n; i += 1) await run();
  console.log(label, ((performance.now() - start) / n).toFixed(3), 'ms each');
}
await time('select 1', 1000, () => db.execute(sql`select 1`));
await time('indexed select param', 1000, () => db.execute(sql`select v from zz_t where k = ${'k5'}`));
await time('upsert', 1000, () => db.execute(sql`insert into zz_t (k, v) values (${'k7'}, 1) on conflict (k) do update set v = zz_t.v + 1 returning v`));
await time('tx with 3 statements', 300, () => db.transaction(async (tx) => { await tx.execute(sql`select 1`); await tx.execute(sql`select v from zz_t where k = ${'k5'}`); await tx.execute(sql`update zz_t set v = v + 1 where k = ${'k9'}`); }));
await time('plpgsql 10 selects', 1000, () => db.execute(sql`select zz_f(10)`));
await time('plpgsql 100 selects', 300, () => db.execute(sql`select zz_f(100)`));
await handle.close();
