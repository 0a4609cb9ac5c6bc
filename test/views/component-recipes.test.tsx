import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Badge } from '../../src/components/badge.tsx';
import * as Checkbox from '../../src/components/checkbox.tsx';
import * as Dialog from '../../src/components/dialog.tsx';
import UserArea from '../../src/components/user-area.tsx';
import { appSystem } from '../../src/theme/system.ts';
import { demoUser } from '../fixtures/users.ts';
import { Providers } from '../render/providers.tsx';
import { slowLoad } from '../render/slow-load.ts';

/*
 * The first visit's theme has only the sign-in page's recipes (decision 0009): the
 * components later pages show bring their own, and must look as they did when the
 * theme carried them (Chakra names their parts after the recipe).
 */

afterEach(cleanup);

describe('recipes the first visit leaves out', () => {
  it('are not in the theme', () => {
    for (const key of ['badge', 'checkbox', 'dialog', 'menu', 'toast', 'tooltip']) {
      expect(appSystem().hasRecipe(key), key).toBe(false);
    }
  });

  it('come with the badge, the checkbox and the dialog', async () => {
    render(
      <Providers locale="en">
        <Badge>Owner</Badge>
        <Checkbox.Root>
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label>Agree</Checkbox.Label>
        </Checkbox.Root>
        <Dialog.Root open>
          <Dialog.Positioner>
            <Dialog.Content>
              <Dialog.Header>
                <Dialog.Title>Title</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>Body</Dialog.Body>
            </Dialog.Content>
          </Dialog.Positioner>
        </Dialog.Root>
      </Providers>,
    );
    expect((await screen.findByText('Owner')).className).toContain('chakra-badge');
    expect(screen.getByText('Agree').className).toContain('chakra-checkbox__label');
    expect(screen.getByRole('dialog').className).toContain('chakra-dialog__content');
    // An attribute of the DOM never carries the recipe object.
    expect(document.body.innerHTML).not.toContain('[object Object]');
  });

  it('come with the user menu and the plan label', async () => {
    render(
      <Providers locale="en">
        <UserArea user={demoUser} busy={false} />
      </Providers>,
    );
    await screen.findByRole('button', { name: /Account menu of/ });
    // The menu's code comes when the user comes to it (decision 0009).
    screen.getByRole('button', { name: /Account menu of/ }).focus();
    await waitFor(
      () =>
        expect(screen.getByRole('button', { name: /Account menu of/ }).className).toContain(
          'chakra-menu__trigger',
        ),
      slowLoad,
    );
    expect(document.querySelector('.chakra-badge')).not.toBeNull();
  });
});
