import { eq } from 'drizzle-orm';
import { isOverdraftReached } from '../../../common/rules/credits.ts';
import type { Database } from '../../db/client.ts';
import { credits } from '../../db/schema/billing.ts';
import { DomainError } from '../domainError.ts';
import { availableCreditsSql } from './reservations.ts';

/** spec §8 USER_OVERDRAFT_REACHED_MESSAGE and USER_OVERDRAFT_REACHED_LINK, as one sentence pair. */
export const OVERDRAFT_REACHED_DESCRIPTION =
  'Your conversion toolbox is disabled due to an unpaid bill. Please, pay your bill to regain access to the conversion toolbox.';

/**
 * spec §6: "Overdraft disables the conversion toolbox until the bill is paid." Called by the
 * toolbox's writes (widgets, websites, agents, widget uploads) before they change anything;
 * throws DomainError `overdraft_reached` (answered 402) while the overdraft is reached. Reads
 * are left open: the SPA shows the gate, and the data stays the client's to see once paid.
 */
export async function assertToolboxOpen(db: Database, userId: number): Promise<void> {
  const [balance] = await db
    .select({ credits: availableCreditsSql, overdraft: credits.overdraft })
    .from(credits)
    .where(eq(credits.userId, userId));
  if (balance && isOverdraftReached(balance)) throw new DomainError('overdraft_reached', OVERDRAFT_REACHED_DESCRIPTION);
}
