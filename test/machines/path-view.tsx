import { screen, type ByRoleMatcher } from '@testing-library/react';
import type { ComponentType } from 'react';
import { expect } from 'vitest';
import { Providers } from '../render/providers.tsx';

/**
 * A path test's `view.render` for a view that takes only the snapshot and `send`: the
 * view in English, its events sent nowhere (the path test drives the machine itself).
 */
export const englishView =
  <S, E>(View: ComponentType<{ snapshot: S; send: (event: E) => void }>) =>
  (snapshot: S) => (
    <Providers locale="en">
      <View snapshot={snapshot} send={() => {}} />
    </Providers>
  );

/**
 * A view check of a page or section while it loads: its status says `label`, and
 * nothing of `role` (the form, its fields, its buttons) is offered yet.
 */
export const loadingView = (label: string, role: ByRoleMatcher) => () => {
  expect(screen.getByRole('status').textContent).toContain(label);
  expect(screen.queryByRole(role)).toBeNull();
};
