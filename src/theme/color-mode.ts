/**
 * The colour mode follows the system setting, and changes with it while the page is
 * open: Chakra's semantic tokens take their `_dark` values under `.dark` on <html>.
 */
export function followSystemColorMode(
  root: HTMLElement = document.documentElement,
  media: MediaQueryList | undefined = window.matchMedia?.('(prefers-color-scheme: dark)'),
): void {
  if (!media) return;
  const apply = () => setColorMode(root, media.matches ? 'dark' : 'light');
  apply();
  media.addEventListener('change', apply);
}

export type ColorMode = 'light' | 'dark';

/** Puts `root` in one colour mode: its class for Chakra, its color-scheme for the browser's own controls. */
export function setColorMode(root: HTMLElement, mode: ColorMode): void {
  root.classList.toggle('dark', mode === 'dark');
  root.classList.toggle('light', mode === 'light');
  root.style.colorScheme = mode;
}
