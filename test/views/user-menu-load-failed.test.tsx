import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import UserArea from '../../src/components/user-area.tsx';
import { demoUser } from '../fixtures/users.ts';
import { Providers } from '../render/providers.tsx';
import { slowLoad } from '../render/slow-load.ts';

/*
 * The user menu's code loads when the user comes to it (decision 0009); the first load
 * fails here, as on a lost connection. A file of its own: the code must not have come.
 */

let loads = 0;
vi.mock('../../src/components/user-area-popups.tsx', async (original) => {
  loads += 1;
  if (loads === 1) throw new Error('the network is down');
  return original();
});

afterEach(cleanup);

it('stays a plain button when its code does not come, and tries again at the next click', async () => {
  render(
    <Providers locale="en">
      <UserArea user={demoUser} busy={false} />
    </Providers>,
  );
  const plain = await screen.findByRole('button', { name: /Account menu of/ });
  fireEvent.click(plain);
  await vi.waitFor(() => expect(loads).toBe(1), slowLoad);
  expect(screen.queryByRole('menuitem', { name: 'Sign out' })).toBeNull();
  fireEvent.click(screen.getByRole('button', { name: /Account menu of/ }));
  expect(await screen.findByRole('menuitem', { name: 'Sign out' }, slowLoad)).toBeDefined();
  expect(loads).toBe(2);
});
