import {
  createSystem,
  defaultBaseConfig,
  defineConfig,
  type SystemContext,
} from '@chakra-ui/react';
import {
  animationStyles,
  cardSlotRecipe,
  alertSlotRecipe,
  breakpoints,
  buttonRecipe,
  fieldSlotRecipe,
  globalCss,
  headingRecipe,
  inputRecipe,
  keyframes,
  layerStyles,
  linkRecipe,
  semanticTokens,
  separatorRecipe,
  spinnerRecipe,
  textStyles,
  tokens,
} from '@chakra-ui/react/theme';
import { UNUSED_PALETTES } from './palettes.ts';

/**
 * The type scale: a handful of roles, each a size and a line height on a 4-px grid,
 * set in the views by role (`textStyle="section-title"`), never by a raw font size.
 * From the body's 16 px the steps go 14 / 16 / 18 / 20 / 24 / 28: captions and labels,
 * body, card titles and a lead line, section titles, figures (prices), the page title. Titles tighten
 * their letter spacing as they grow; figures use tabular digits so prices line up.
 */
const typeScale = {
  'page-title': {
    value: {
      fontSize: { base: '1.5rem', md: '1.75rem' },
      lineHeight: { base: '2rem', md: '2.25rem' },
      fontWeight: 'semibold',
      letterSpacing: '-0.02em',
    },
  },
  'section-title': {
    value: {
      fontSize: '1.25rem',
      lineHeight: '1.75rem',
      fontWeight: 'semibold',
      letterSpacing: '-0.01em',
    },
  },
  'card-title': {
    value: { fontSize: '1.125rem', lineHeight: '1.75rem', fontWeight: 'semibold' },
  },
  lead: { value: { fontSize: '1.125rem', lineHeight: '1.75rem' } },
  figure: {
    value: {
      fontSize: '1.5rem',
      lineHeight: '2rem',
      fontWeight: 'semibold',
      fontVariantNumeric: 'tabular-nums',
    },
  },
  body: { value: { fontSize: '1rem', lineHeight: '1.5rem' } },
  label: { value: { fontSize: '0.875rem', lineHeight: '1.25rem', fontWeight: 'medium' } },
  caption: { value: { fontSize: '0.875rem', lineHeight: '1.25rem' } },
  // An on-premise identifier: the body's sans font, its digits of even width and a
  // little air between the letters so that groups of four read apart.
  identifier: {
    value: {
      fontSize: '0.875rem',
      lineHeight: '1.25rem',
      fontVariantNumeric: 'tabular-nums slashed-zero',
      letterSpacing: '0.02em',
    },
  },
};

/**
 * The spacing rhythm, on the same 4-px grid: 32 px between a page's sections (and
 * below its title), 16 px between the blocks of a section, 8 px within a block (a
 * label and its value, a title and its caption). Layouts use these names
 * (`gap="section"`); a raw step is for a component's own insides.
 */
const rhythm = {
  page: { value: '{spacing.8}' },
  section: { value: '{spacing.4}' },
  row: { value: '{spacing.2}' },
};

/** An outlined card also lifts a little off the page, as on Stripe's and Clerk's pages. */
const outlineCard = cardSlotRecipe.variants?.['variant']?.['outline'];
const cardRecipe = {
  ...cardSlotRecipe,
  variants: {
    ...cardSlotRecipe.variants,
    variant: {
      ...cardSlotRecipe.variants?.['variant'],
      outline: { ...outlineCard, root: { ...outlineCard?.['root'], boxShadow: 'xs' } },
    },
  },
};

function usedPalettesOf<T>(colors: Record<string, T> | undefined): Record<string, T> {
  return Object.fromEntries(
    Object.entries(colors ?? {}).filter(([name]) => !UNUSED_PALETTES.has(name)),
  );
}

/**
 * Only the recipes of what the sign-in page and the shell around it show: Chakra's
 * defaultSystem carries every recipe and costs about 26 KB gzip more on the first
 * visit. A component that only later pages show carries its own recipe instead
 * (src/components/dialog.tsx, badge.tsx, checkbox.tsx; the user menu and the toaster),
 * so its recipe loads with those pages (decision 0009).
 */
const config = defineConfig({
  preflight: true,
  globalCss,
  theme: {
    breakpoints,
    keyframes,
    tokens: {
      ...tokens,
      colors: usedPalettesOf(tokens.colors),
      fonts: {
        heading: { value: 'Inter, "Segoe UI", Roboto, system-ui, sans-serif' },
        body: { value: 'Inter, "Segoe UI", Roboto, system-ui, sans-serif' },
      },
    },
    semanticTokens: {
      ...semanticTokens,
      spacing: rhythm,
      colors: {
        ...usedPalettesOf(semanticTokens.colors),
        // Chakra's red.500 error text reads at 3.8:1 on white; red.700 meets WCAG AA.
        fg: {
          ...semanticTokens.colors?.['fg'],
          error: { value: { _light: '{colors.red.700}', _dark: '{colors.red.300}' } },
          // green.600 success text reads at 3.3:1 on white; green.700 meets AA.
          success: { value: { _light: '{colors.green.700}', _dark: '{colors.green.300}' } },
        },
        // Chakra's blue.600 buttons fall under 4.5:1 with white text while hovered
        // (90% opacity); blue.700 keeps AA in every state.
        blue: {
          ...semanticTokens.colors?.['blue'],
          solid: { value: { _light: '{colors.blue.700}', _dark: '{colors.blue.600}' } },
          fg: { value: { _light: '{colors.blue.800}', _dark: '{colors.blue.300}' } },
        },
      },
    },
    textStyles: { ...textStyles, ...typeScale },
    layerStyles,
    animationStyles,
    recipes: {
      button: buttonRecipe,
      heading: headingRecipe,
      input: inputRecipe,
      link: linkRecipe,
      separator: separatorRecipe,
      spinner: spinnerRecipe,
    },
    slotRecipes: {
      alert: alertSlotRecipe,
      card: cardRecipe,
      field: fieldSlotRecipe,
    },
  },
});

let built: SystemContext | undefined;

/**
 * The portal's Chakra system, built at its first use, not when the module loads:
 * building it (the token dictionary above all) is the largest piece of the main
 * script's start, and src/main.tsx asks for it once the page's calls are under way, in
 * a task of its own (decision 0009).
 */
export function appSystem(): SystemContext {
  built ??= createSystem(defaultBaseConfig, config);
  return built;
}
