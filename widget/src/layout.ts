import type { WidgetLayout } from './types.ts';

/** The popup box's inline geometry for one layout. */
export interface LayoutBox {
  width: string;
  minHeight: string;
  padding: string;
  margin: string;
}

/**
 * spec §9 Preview layout: Square 500px wide, 60px padding; Vertical 500px, 60px 40px; Horizontal
 * 500px, 40px 60px; full screen full width and height, 40px padding, 60px margin. (The box
 * radius, 20px, is in the style sheet.) Popups are centred by their auto margin; Square keeps
 * at least a square's height.
 */
export const LAYOUTS: Record<WidgetLayout, LayoutBox> = {
  Square: { width: '500px', minHeight: '500px', padding: '60px', margin: 'auto' },
  Vertical: { width: '500px', minHeight: '0px', padding: '60px 40px', margin: 'auto' },
  Horizontal: { width: '500px', minHeight: '0px', padding: '40px 60px', margin: 'auto' },
  'Full screen': { width: 'auto', minHeight: '0px', padding: '40px', margin: '60px' },
};

/** The margin around a centred popup inside the overlay. */
export const POPUP_GUTTER = 20;
/** spec §9: the full-screen box keeps 60px from the screen's edges. */
export const FULL_SCREEN_MARGIN = 60;
/** spec §9: the full-screen box's padding. */
export const FULL_SCREEN_PADDING = 40;
/** The floating icon's distance from the screen's bottom and side. */
export const ICON_OFFSET = 20;

/** The layout to draw: the contract's value, or spec §9's default Vertical for anything else. */
export function layoutOf(layout: string | undefined): WidgetLayout {
  return layout !== undefined && Object.hasOwn(LAYOUTS, layout) ? (layout as WidgetLayout) : 'Vertical';
}
