import type { GlobalSetup } from './types.ts';

/**
 * The client's design values, checked before they reach CSS: colours must be hex colours, sizes
 * are clamped to the contract's ranges, font names keep only font-name characters, and a
 * background is a colour or an http(s) or site-relative image URL. Anything else falls back to
 * the spec §9 defaults, so a bad value can neither break the style sheet nor load anything else.
 */

const HEX = /^#(?:[0-9a-f]{3}|[0-9a-f]{6}|[0-9a-f]{8})$/i;

export function colour(value: string | undefined, fallback: string): string {
  return value !== undefined && HEX.test(value) ? value : fallback;
}

export function clamp(value: number | undefined, min: number, max: number, fallback: number): number {
  return typeof value === 'number' && Number.isFinite(value) ? Math.min(Math.max(value, min), max) : fallback;
}

/** A font-family list with a generic fallback, e.g. `Arial, sans-serif`. */
export function fontFamily(value: string | undefined): string {
  const cleaned = (value ?? '').replace(/[^\w\s,'"-]/g, '').trim();
  return cleaned ? `${cleaned}, sans-serif` : 'sans-serif';
}

/** A CSS url() for an image address, quoted and escaped. */
export function cssUrl(url: string): string {
  return `url("${url.replace(/["\\\n\r\f]/g, (c) => `\\${c.charCodeAt(0).toString(16)} `)}")`;
}

/** An image address the widget loads: http(s) or site-relative (uploads are served under /files); else null. */
export function imageUrl(value: string | undefined): string | null {
  const trimmed = (value ?? '').trim();
  return /^(https?:\/\/|\/(?![/\\]))/i.test(trimmed) ? trimmed : null;
}

/** The popup's background: a colour, or an image URL drawn as a cover image over white. */
export function background(value: string | undefined): { color: string; image: string } {
  const trimmed = (value ?? '').trim();
  if (HEX.test(trimmed)) return { color: trimmed, image: '' };
  const image = imageUrl(trimmed);
  return { color: '#ffffff', image: image ? cssUrl(image) : '' };
}

/** The screen overlay behind a popup: white (Light) or black (Dark) at the chosen opacity. */
export function overlayColour(screen: GlobalSetup['screenBackground'] | undefined): string {
  const alpha = clamp(screen?.opacity, 0, 100, 70) / 100;
  return screen?.color === 'Dark' ? `rgba(0, 0, 0, ${alpha})` : `rgba(255, 255, 255, ${alpha})`;
}

/** The custom properties the style sheet reads (styles.ts), from the global setup. */
export function designProperties(global: GlobalSetup): Record<string, string> {
  const textSize = clamp(global.textOptions?.size, 14, 28, 20);
  return {
    '--cb-font': fontFamily(global.textOptions?.fontFamily),
    '--cb-text': colour(global.textOptions?.color, '#333333'),
    '--cb-size': `${textSize}px`,
    '--cb-btn-bg': colour(global.buttonOptions?.color, '#83D1FC'),
    '--cb-btn-fg': colour(global.buttonOptions?.fontColor, '#FFFFFF'),
    '--cb-btn-size': `${clamp(global.buttonOptions?.fontSize, 12, 45, textSize)}px`,
    '--cb-btn-width': `${clamp(global.buttonOptions?.size, 0, 100, 50)}%`,
  };
}
