import { createSystem, defaultBaseConfig, defineConfig, type SystemStyleObject } from '@chakra-ui/react';
import {
  alertSlotRecipe,
  animationStyles,
  badgeRecipe,
  buttonRecipe,
  dialogSlotRecipe,
  fieldSlotRecipe,
  globalCss,
  headingRecipe,
  inputRecipe,
  keyframes,
  layerStyles,
  linkRecipe,
  nativeSelectSlotRecipe,
  popoverSlotRecipe,
  semanticTokens,
  separatorRecipe,
  skeletonRecipe,
  spinnerRecipe,
  tableSlotRecipe,
  textStyles,
  toastSlotRecipe,
  tokens,
} from '@chakra-ui/react/theme';
import { BREAKPOINTS } from './layout.ts';

/** The custom properties (`--…`) of a style object. */
function customPropertiesOf(style: unknown): Record<string, unknown> {
  return Object.fromEntries(Object.entries(style as Record<string, unknown>).filter(([name]) => name.startsWith('--')));
}

/** A style object without its custom properties. */
function withoutCustomProperties(style: SystemStyleObject | undefined): SystemStyleObject {
  return Object.fromEntries(Object.entries(style ?? {}).filter(([name]) => !name.startsWith('--'))) as SystemStyleObject;
}

/**
 * The Chakra system with only the recipes the app uses (STACK.md: `defaultSystem` bundles every
 * recipe, 376 kB gzip). Add a recipe here when a new component needs one.
 */
export const system = createSystem(
  defaultBaseConfig,
  defineConfig({
    preflight: true,
    cssVarsPrefix: 'chakra',
    cssVarsRoot: ':where(html, .chakra-theme)',
    globalCss: {
      ...globalCss,
      // Chakra's 26 default custom properties (rings, filters, global font and border colour) are
      // set on `*`, so every element of the page computes them in each style pass (issue 17: about
      // a fifth of the style recalculation of a long list on a phone). Custom properties inherit:
      // set on html, every element reads the same values, as long as no element sets its own (the
      // app uses none of Chakra's ring or filter utilities that would, nor a nested colour mode).
      '*': withoutCustomProperties(globalCss['*']),
      html: { ...customPropertiesOf(globalCss['*']), ...globalCss.html },
      // A visible focus ring on every focusable element (accessibility).
      '*:focus-visible': { outline: '2px solid', outlineColor: 'blue.600', outlineOffset: '2px' },
    },
    theme: {
      breakpoints: BREAKPOINTS,
      keyframes,
      tokens,
      semanticTokens: {
        ...semanticTokens,
        colors: {
          ...semanticTokens.colors,
          // AA contrast for small text on white and gray.50 (red.500 is 3.8:1, red.700 6.5:1).
          fg: { ...semanticTokens.colors.fg, error: { value: { _light: '{colors.red.700}', _dark: '{colors.red.300}' } } },
          // White text on the solid green and orange (success toasts, warning buttons) needs the
          // 700 shades for 4.5:1 (green.600 is 3.3:1, orange.600 3.6:1).
          green: { ...semanticTokens.colors.green, solid: { value: { _light: '{colors.green.700}', _dark: '{colors.green.700}' } } },
          orange: { ...semanticTokens.colors.orange, solid: { value: { _light: '{colors.orange.700}', _dark: '{colors.orange.700}' } } },
        },
      },
      textStyles,
      layerStyles,
      animationStyles,
      recipes: {
        badge: badgeRecipe,
        button: buttonRecipe,
        heading: headingRecipe,
        input: inputRecipe,
        link: linkRecipe,
        separator: separatorRecipe,
        skeleton: skeletonRecipe,
        spinner: spinnerRecipe,
      },
      slotRecipes: {
        alert: alertSlotRecipe,
        dialog: dialogSlotRecipe,
        field: fieldSlotRecipe,
        nativeSelect: nativeSelectSlotRecipe,
        popover: popoverSlotRecipe,
        table: tableSlotRecipe,
        toast: toastSlotRecipe,
      },
    },
  }),
);
