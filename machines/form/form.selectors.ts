import type { FormDraft } from './formDraft.ts';

/** True when every field of the draft has some input (spec §5: "submit disabled while empty"). */
export function isDraftFilled<TValues extends object>(draft: FormDraft<TValues>): boolean {
  return Object.values(draft.values).every((value) => (typeof value === 'string' ? value.trim() !== '' : Boolean(value)));
}
