import { and, eq, ne } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { widgets } from '../../db/schema/toolbox.ts';
import { findOwnWebsite } from '../websites/websites.ts';

/**
 * spec §4 Widgets: "after a save … any other widget with the same typeId and websiteId becomes
 * inactive". Run inside the saving transaction, before the saved widget is written active:
 * the unique partial index widgets_one_active_per_type_and_website allows one active widget
 * per (website, type), so the others must be switched off first.
 *
 * The website row is locked first (SELECT … FOR UPDATE), so concurrent saves on one website
 * take turns: the second sees the first one's committed widget and switches it off, instead
 * of both missing each other and one failing on the unique index. Also checks that the
 * website is the caller's (`not_found` otherwise).
 */
export async function claimActiveSlot(
  tx: Database,
  userId: number,
  slot: { websiteId: number; typeId: number; widgetId?: number },
): Promise<void> {
  await findOwnWebsite(tx, userId, slot.websiteId, { lock: true });
  await tx
    .update(widgets)
    .set({ isActive: false })
    .where(
      and(
        eq(widgets.websiteId, slot.websiteId),
        eq(widgets.typeId, slot.typeId),
        eq(widgets.isActive, true),
        slot.widgetId === undefined ? undefined : ne(widgets.id, slot.widgetId),
      ),
    );
}
