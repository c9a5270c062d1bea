import { Global } from '@emotion/react';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { Plugin } from 'vite';
import { system } from '../../src/ui/system.ts';

// Chakra's global styles, computed once at build time instead of on every page load (issue 17).
// `createSystem` builds them eagerly (`_global`: the reset, the global CSS and one CSS variable per
// token, about 700), and ChakraProvider hands them to Emotion, which serializes them on the first
// render: together about 500 ms of main thread under Lighthouse's 4× CPU slowdown, on every page
// before anything is painted. The build computes the same CSS with the same Emotion code in Node,
// writes it into index.html, and leaves the runtime system with no global styles to build.

/** The file and the statement of Chakra that builds the global styles; the build fails if either moves. */
const SYSTEM_MODULE = /[\\/]node_modules[\\/]@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/]styled-system[\\/]system\.js$/;
const GLOBAL_STATEMENT = 'const _global = [getPreflightCss(), getGlobalCss(), getTokenCss()];';

/** The CSS Emotion inserts for `<Global styles={system._global} />`, as its server rendering writes it. */
export function chakraGlobalCss(): string {
  // On the server Emotion renders the rules it would insert (same serializer, same stylis
  // plugins) into a <style> element, unescaped.
  const html = renderToStaticMarkup(createElement(Global, { styles: system._global }));
  const rules = /^<style[^>]*>([\s\S]+)<\/style>$/.exec(html)?.[1];
  if (!rules || rules.includes('</')) throw new Error(`Emotion wrote no usable CSS for Chakra's global styles: ${html.slice(0, 80)}`);
  // The layer order first, as ChakraProvider declares it (`system.layers.atRule`), so these
  // layered rules keep their order whichever style element the browser reads first.
  return `${(system.layers.atRule as string).trim()}${rules}`;
}

/**
 * The build plugin: Chakra's system without `_global` (an empty list, which ChakraProvider's
 * Global renders as nothing), and index.html with that CSS in a `<style>` in its head.
 * Development (Vite's dev server pre-bundles Chakra untouched) and the unit tests keep Chakra's
 * own runtime globals.
 */
export function chakraStaticGlobals(): Plugin {
  let css: string | null = null;
  return {
    name: 'chakra-static-globals',
    apply: 'build',
    transform(code, id) {
      if (!SYSTEM_MODULE.test(id)) return null;
      if (!code.includes(GLOBAL_STATEMENT)) throw new Error(`chakra-static-globals: ${id} no longer has \`${GLOBAL_STATEMENT}\``);
      return { code: code.replace(GLOBAL_STATEMENT, 'const _global = [];'), map: null };
    },
    transformIndexHtml: {
      order: 'pre',
      handler() {
        css ??= chakraGlobalCss();
        return [{ tag: 'style', attrs: { 'data-chakra-global': '' }, children: css, injectTo: 'head-prepend' }];
      },
    },
  };
}
