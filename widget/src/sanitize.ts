/**
 * The client's disclaimer HTML (spec §5 Widget design: "HTML tags stripped except anchors"),
 * copied into the widget's DOM node by node. The input is parsed in an inert <template> (no
 * scripts run, nothing loads) and only text and <a> with an http(s), mailto or tel link survive;
 * other elements are unwrapped to their text, and elements whose content is code or markup
 * (script, style, svg, …) are dropped whole. Attributes are never copied: a kept link gets only
 * its checked href, target="_blank" and rel="noopener noreferrer". Small on purpose: the embed
 * script has no room for DOMPurify.
 */

const SAFE_SCHEME = /^(https?|mailto|tel):/i;

/** Elements whose content is not visitor-readable text. */
const DROPPED = new Set(['script', 'style', 'template', 'noscript', 'iframe', 'object', 'embed', 'svg', 'math', 'textarea', 'title', 'select', 'head']);

/** Deeper nesting than this is not a disclaimer; its remaining content is dropped. */
const MAX_DEPTH = 20;

const TEXT_NODE = 3;
const ELEMENT_NODE = 1;

/** An http(s), mailto or tel link without the whitespace and control characters URL parsing ignores, or null. */
export function safeHref(href: string | null): string | null {
  if (href === null) return null;
  // Browsers drop tabs and newlines anywhere in a URL and control characters around it, so
  // "java\nscript:" is javascript: — remove them before looking at the scheme.
  // eslint-disable-next-line no-control-regex
  const cleaned = href.replace(/[\u0000-\u0020\u007f-\u009f]/g, '');
  return SAFE_SCHEME.test(cleaned) ? cleaned : null;
}

/** Appends the safe part of `html` to `parent` (in parent's document). */
export function appendSafeHtml(parent: Node, html: string): void {
  const doc = parent.ownerDocument ?? (parent as Document);
  const template = doc.createElement('template');
  template.innerHTML = html;
  copySafe(template.content, parent, doc, 0);
}

function copySafe(from: Node, to: Node, doc: Document, depth: number): void {
  if (depth > MAX_DEPTH) return;
  for (let node = from.firstChild; node; node = node.nextSibling) {
    if (node.nodeType === TEXT_NODE) {
      to.appendChild(doc.createTextNode(node.nodeValue ?? ''));
    } else if (node.nodeType === ELEMENT_NODE) {
      const element = node as Element;
      const tag = element.localName;
      if (DROPPED.has(tag)) continue;
      const href = tag === 'a' ? safeHref(element.getAttribute('href')) : null;
      if (href === null) {
        copySafe(element, to, doc, depth + 1);
        continue;
      }
      const link = doc.createElement('a');
      link.setAttribute('href', href);
      link.setAttribute('target', '_blank');
      link.setAttribute('rel', 'noopener noreferrer');
      copySafe(element, link, doc, depth + 1);
      to.appendChild(link);
    }
  }
}
