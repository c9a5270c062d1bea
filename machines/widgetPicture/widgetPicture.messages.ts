import { msg } from '@lingui/core/macro';

/** spec §8 Widgets: the picture of a widget updated in place (from the widgets list). */
export const widgetPictureMessages = {
  updated: msg`Image on widget updated successfully.`,
  updateFailed: msg`Failed to update image on widget.`,
};
