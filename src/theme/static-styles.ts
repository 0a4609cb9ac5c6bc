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
  return `<style>${rules}</style>`;
}
