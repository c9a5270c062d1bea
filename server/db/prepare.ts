import type { DatabaseHandle } from './client.ts';
import { seedReferenceData } from './referenceData.ts';

/** Brings a database up to date: pending migrations, then the reference rows of GET /client/meta. */
export async function prepareDatabase(handle: DatabaseHandle): Promise<void> {
  await handle.migrate();
  await seedReferenceData(handle.db);
}
