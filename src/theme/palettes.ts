/**
 * Chakra's colour palettes no screen shows. The system leaves them out of its tokens
 * (each would add its CSS variables to the start-up work), and the build leaves their
 * definitions out of the bundle (`withoutUnusedPalettes` in vite.config.ts).
 */
export const UNUSED_PALETTES: ReadonlySet<string> = new Set([
  'teal',
  'cyan',
  'purple',
  'pink',
  'yellow',
]);
