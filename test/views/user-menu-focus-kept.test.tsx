import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import UserArea from '../../src/components/user-area.tsx';
import { demoUser } from '../fixtures/users.ts';
import { Providers } from '../render/providers.tsx';
import { slowLoad } from '../render/slow-load.ts';

/*
 * The user area's popups load when the user comes to them (decision 0009). A file of
 * its own: their code must not have come yet, which no other test of this file may change.
 */

afterEach(cleanup);

it('keeps the focus on the part the keyboard came to, its tooltip shown, when the popups come', async () => {
  render(
    <Providers locale="en">
      <UserArea user={{ ...demoUser, plan: 'mini', team_plan: 'premium' }} busy={false} />
    </Providers>,
  );
  const plain = await screen.findByRole('link', { name: 'Premium' });
  expect(plain.closest('[data-scope="tooltip"]')).toBeNull();
  plain.focus();
  await waitFor(
    () =>
      expect(screen.getByRole('link', { name: 'Premium' }).getAttribute('data-scope')).toBe(
        'tooltip',
      ),
    slowLoad,
  );
  const label = screen.getByRole('link', { name: 'Premium' });
  expect(label).not.toBe(plain);
  await waitFor(() => expect(document.activeElement).toBe(label), slowLoad);
  expect(
    await screen.findByText('Team plan: Premium. Your plan: Mini', {}, slowLoad),
  ).toBeDefined();
});
