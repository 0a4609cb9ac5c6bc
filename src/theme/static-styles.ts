import { ChakraProvider } from '@chakra-ui/react';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { appSystem } from './system.ts';

/**
 * The theme's global styles (the layer order, the reset, the base styles and every token
 * as a CSS variable) as one `<style>` element: what the ChakraProvider's Emotion writes at
 * start, written once by the build into index.html instead (vite.config.ts,
 * staticThemeStyles). Run by Node at build time, never in the browser.
 */
export function themeStyleElement(): string {
  const markup = renderToStaticMarkup(
    createElement(ChakraProvider, { value: appSystem(), children: null }),
  );
  const rules = [...markup.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)]
    .map((match) => match[1])
    .join('');
  if (rules.length < 1000) throw new Error('The theme rendered no global styles');
  return `<style>${withSystemDarkMode(rules)}</style>`;
}

const DARK_RULE = '.dark,.dark .chakra-theme:not(.light){';

/**
 * The dark tokens once more for a page the app has not yet put in a colour mode (no
 * class on <html>: its scripts have not run, src/theme/color-mode.ts) on a system set to
 * dark: the page drawn by the server (decision 0034), and the blank one before it, paint
 * dark at once instead of light until the scripts come. Beside the `.dark` rule, in its
 * layer.
 */
export function withSystemDarkMode(rules: string): string {
  const start = rules.indexOf(DARK_RULE);
  const end = rules.indexOf('}', start);
  if (start < 0 || end < 0) throw new Error(`The theme's styles have no ${DARK_RULE}…} rule`);
  const tokens = rules.slice(start + DARK_RULE.length, end);
  const unclassed = `@media (prefers-color-scheme:dark){:root:not(.light):not(.dark){${tokens}color-scheme:dark}}`;
  return `${rules.slice(0, end + 1)}${unclassed}${rules.slice(end + 1)}`;
}
