import * as z from 'zod/mini';
import type { StartupMetadata } from '../../machines/startup/startup.types.ts';
import { storageKeys } from './storageKeys.ts';

// The parts the app reads; anything else the server sent is kept as it came.
const storedMetadataSchema = z.looseObject({
  widgetTypes: z.array(z.looseObject({ id: z.number(), name: z.string() })),
  widgetLayouts: z.array(z.unknown()),
  callingRules: z.array(z.looseObject({ id: z.number(), name: z.string() })),
  creditPacks: z.array(z.looseObject({ id: z.number(), credits: z.number(), price: z.number() })),
  credits: z.array(
    z.object({
      credits: z.number(),
      overdraft: z.number(),
      autoRecharge: z.nullable(z.object({ packId: z.number(), criticalCredits: z.number(), maxPerDay: z.optional(z.number()), paymentMethodId: z.string() })),
      minMonthlySpendingRequirement: z.number(),
    }),
  ),
});

const storedCopySchema = z.object({ userId: z.number(), metadata: storedMetadataSchema });

/**
 * The metadata an earlier startup of this user stored (spec §4: persisted locally). The copy
 * carries the account's own records too (its credits, its settings), so another user's copy, or
 * anything unreadable, counts as none.
 */
export function readStoredMetadata(userId: number | undefined, storage: Storage = localStorage): StartupMetadata | null {
  try {
    const raw = storage.getItem(storageKeys.metadata);
    if (!raw || userId === undefined) return null;
    const parsed = storedCopySchema.safeParse(JSON.parse(raw));
    return parsed.success && parsed.data.userId === userId ? parsed.data.metadata : null;
  } catch {
    return null;
  }
}

/** Keeps the user's metadata for their next startup; a full or refused storage only loses the head start. */
export function writeStoredMetadata(metadata: StartupMetadata | null, userId: number | undefined, storage: Storage = localStorage): void {
  if (!metadata || userId === undefined) return;
  try {
    storage.setItem(storageKeys.metadata, JSON.stringify({ userId, metadata }));
  } catch {
    // Quota or privacy mode: the next startup fetches the metadata first, as without a copy.
  }
}
