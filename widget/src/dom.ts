/** A child for el(): a node, text, or nothing (left out). */
export type Child = Node | string | null | undefined | false;

/**
 * Creates an element in `doc` (the widget may draw into another window's document, such as the
 * preview's iframe, so nothing here uses the global `document`). Attributes set to undefined or
 * false are left out; text children become text nodes, never markup.
 */
export function el(doc: Document, tag: string, attributes: Record<string, string | undefined | false> = {}, ...children: Child[]): HTMLElement {
  const element = doc.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value !== undefined && value !== false) element.setAttribute(name, value);
  }
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    element.append(child);
  }
  return element;
}

const SVG = 'http://www.w3.org/2000/svg';
/** A handset (Material Design "call" icon, Apache 2.0). */
const PHONE_PATH =
  'M6.62 10.79c1.44 2.83 3.76 5.14 6.59 6.59l2.2-2.2c.27-.27.67-.36 1.02-.24 1.12.37 2.33.57 3.57.57.55 0 1 .45 1 1V20c0 .55-.45 1-1 1-9.39 0-17-7.61-17-17 0-.55.45-1 1-1h3.5c.55 0 1 .45 1 1 0 1.25.2 2.45.57 3.57.11.35.03.74-.25 1.02l-2.2 2.2z';

/** The phone glyph of the floating icon, an inline SVG coloured by `currentColor`. */
export function phoneGlyph(doc: Document): SVGElement {
  const svg = doc.createElementNS(SVG, 'svg');
  svg.setAttribute('viewBox', '0 0 24 24');
  svg.setAttribute('aria-hidden', 'true');
  svg.setAttribute('focusable', 'false');
  const path = doc.createElementNS(SVG, 'path');
  path.setAttribute('d', PHONE_PATH);
  svg.append(path);
  return svg;
}
