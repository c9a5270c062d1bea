import type { WidgetPictureContext } from './widgetPicture.machine.ts';

interface WidgetPictureSnapshot {
  context: WidgetPictureContext;
  hasTag: (tag: 'busy') => boolean;
}

/** A picture is being sent or saved: the Change picture buttons wait. */
export function isPictureBusy(snapshot: WidgetPictureSnapshot): boolean {
  return snapshot.hasTag('busy');
}

/** The widget whose picture is being replaced (its button spins), or null. */
export function pictureTargetId(snapshot: WidgetPictureSnapshot): number | null {
  return isPictureBusy(snapshot) ? (snapshot.context.target?.row.id ?? null) : null;
}
