import type { ComponentType } from 'react';
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
