import { describe, expect, it } from 'vitest';
import { followSystemColorMode } from '../../src/theme/color-mode.ts';

/** A MediaQueryList whose answer the test changes, as the system setting would. */
function systemSetting(dark: boolean) {
  const listeners: (() => void)[] = [];
  const media = {
    matches: dark,
    addEventListener: (_: string, listener: () => void) => listeners.push(listener),
  };
  return {
    media: media as unknown as MediaQueryList,
    change(next: boolean) {
      media.matches = next;
      for (const listener of listeners) listener();
    },
  };
}

describe('the colour mode', () => {
  it('starts as the system says and follows it when it changes', () => {
    const root = document.createElement('html');
    const setting = systemSetting(true);
    followSystemColorMode(root, setting.media);
    expect([...root.classList]).toEqual(['dark']);
    expect(root.style.colorScheme).toBe('dark');
    setting.change(false);
    expect([...root.classList]).toEqual(['light']);
    expect(root.style.colorScheme).toBe('light');
  });

  it('stays light where the browser cannot say', () => {
    const root = document.createElement('html');
    followSystemColorMode(root, undefined);
    expect(root.classList.contains('dark')).toBe(false);
  });
});
