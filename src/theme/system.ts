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

/** Palettes no screen shows: each would add its tokens to the start-up work. */
const unusedPalettes = new Set(['teal', 'cyan', 'purple', 'pink', 'yellow']);
function withoutUnusedPalettes<T>(colors: Record<string, T> | undefined): Record<string, T> {
  return Object.fromEntries(
    Object.entries(colors ?? {}).filter(([name]) => !unusedPalettes.has(name)),
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
      colors: withoutUnusedPalettes(tokens.colors),
      fonts: {
        heading: { value: 'Inter, "Segoe UI", Roboto, system-ui, sans-serif' },
        body: { value: 'Inter, "Segoe UI", Roboto, system-ui, sans-serif' },
      },
    },
    semanticTokens: {
      ...semanticTokens,
      colors: {
        ...withoutUnusedPalettes(semanticTokens.colors),
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
    textStyles,
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
      card: cardSlotRecipe,
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
