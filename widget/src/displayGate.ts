/**
 * When a widget becomes eligible to show (display rules, issue 20): once the visitor has seen
 * `scrollPercent` of the page and spent `seconds` on it, both counted from the script's start.
 * Cheap on the host page: one timer per widget, and one passive scroll listener for all widgets,
 * throttled to an animation frame, that only reads (scroll position and page height, no writes,
 * so no forced layout) and goes away once every widget's depth is reached.
 */

type Gate = (then: () => void) => void;

/** Depths still awaited, each with what runs once it is reached. */
const depths: { percent: number; reached: () => void }[] = [];
let frame = 0;

/**
 * How much of the page the visitor has seen, in percent: the bottom of the viewport against the
 * page's height (GA4's scroll depth). A page no taller than the window is seen whole, and so is
 * one scrolled to within a pixel of its end: zoomed, scrollY stops a fraction short of it, and
 * 100 % would never be reached.
 */
function seenPercent(): number {
  const height = document.documentElement.scrollHeight;
  const bottom = scrollY + innerHeight;
  return height <= bottom + 1 ? 100 : (bottom / height) * 100;
}

function measure(): void {
  frame = 0;
  const seen = seenPercent();
  for (const depth of depths.filter((depth) => seen >= depth.percent)) {
    depths.splice(depths.indexOf(depth), 1);
    depth.reached();
  }
  if (depths.length === 0) removeEventListener('scroll', onScroll);
}

function onScroll(): void {
  frame ||= requestAnimationFrame(measure);
}

function whenScrolled(percent: number, reached: () => void): void {
  depths.push({ percent, reached });
  addEventListener('scroll', onScroll, { passive: true });
  // The page may open scrolled (a reload, an anchor) or be short: measured once without a scroll.
  onScroll();
}

/**
 * A gate that runs what is given to it at once when the widget is eligible, else as soon as it is
 * (in the order given). Without a condition the widget is eligible from the start.
 */
export function eligibility(wait: { scrollPercent: number | null; seconds: number | null }): Gate {
  const waiting: (() => void)[] = [];
  let pending = 0;
  const met = () => {
    if (--pending === 0) waiting.splice(0).forEach((then) => then());
  };
  if (wait.seconds) {
    pending++;
    setTimeout(met, wait.seconds * 1000);
  }
  if (wait.scrollPercent) {
    pending++;
    whenScrolled(wait.scrollPercent, met);
  }
  return (then) => (pending > 0 ? void waiting.push(then) : then());
}
