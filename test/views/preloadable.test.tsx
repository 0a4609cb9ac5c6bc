import { cleanup, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { preloadable } from '../../src/components/preloadable.tsx';

afterEach(cleanup);

function Greeting({ name }: { name: string }) {
  return <p>Hello, {name}</p>;
}
const part = () => preloadable(async () => ({ default: Greeting }));

describe('a part loaded apart', () => {
  it('waits behind its fallback while its module is on its way', async () => {
    const { Component } = part();
    render(
      <Suspense fallback={<p>Loading</p>}>
        <Component name="Ann" />
      </Suspense>,
    );
    expect(screen.getByText('Loading')).toBeTruthy();
    expect(await screen.findByText('Hello, Ann')).toBeTruthy();
  });

  it('draws in the first draw once its module is there, without the fallback', async () => {
    const { Component, preload } = part();
    await preload();
    render(
      <Suspense fallback={<p>Loading</p>}>
        <Component name="Bob" />
      </Suspense>,
    );
    expect(screen.getByText('Hello, Bob')).toBeTruthy();
    expect(screen.queryByText('Loading')).toBeNull();
  });
});
