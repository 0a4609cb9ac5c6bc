import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import UserArea from '../../src/components/user-area.tsx';
import { demoUser } from '../fixtures/users.ts';
import { Providers } from '../render/providers.tsx';
import { slowLoad } from '../render/slow-load.ts';

/*
 * The user menu's code loads when the user comes to it (decision 0009). A file of its
 * own: the code must not have come yet, which no other test of this file may change.
 */

afterEach(cleanup);

it('opens the menu once its code comes, when the button was clicked before', async () => {
  render(
    <Providers locale="en">
      <UserArea user={demoUser} busy={false} />
    </Providers>,
  );
  const plain = await screen.findByRole('button', { name: /Account menu of/ });
  expect(plain.className).not.toContain('chakra-menu__trigger');
  fireEvent.click(plain);
  const signOut = await screen.findByRole('menuitem', { name: 'Sign out' }, slowLoad);
  expect(signOut.getAttribute('href')).toBe('/en/logout');
  const trigger = screen.getByRole('button', { name: /Account menu of/ });
  expect(trigger.className).toContain('chakra-menu__trigger');
  expect(trigger.getAttribute('aria-expanded')).toBe('true');
});
