import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import UserArea from '../../src/components/user-area.tsx';
import { demoUser } from '../fixtures/users.ts';
import { Providers } from '../render/providers.tsx';

afterEach(cleanup);

const PICTURE = 'https://avatars.githubusercontent.com/u/1?v=4';

async function drawn(userpic_url: string | null) {
  render(
    <Providers locale="en">
      <UserArea user={{ ...demoUser, userpic_url }} busy={false} />
    </Providers>,
  );
  const button = await screen.findByRole('button', { name: /Account menu of/ });
  const userpic = button.querySelector<HTMLElement>('[data-testid="userpic"]');
  if (userpic === null) throw new Error('no userpic in the user menu button');
  return userpic;
}

describe('the user menu’s userpic', () => {
  it('shows the picture from the profile, over the initials, telling its host no referrer', async () => {
    const userpic = await drawn(PICTURE);
    const image = userpic.querySelector('img');
    expect(image?.getAttribute('src')).toBe(PICTURE);
    expect(image?.getAttribute('alt')).toBe('');
    expect(image?.getAttribute('referrerpolicy')).toBe('no-referrer');
  });

  it('shows the initials alone without a picture, and when the picture fails to load', async () => {
    const none = await drawn(null);
    expect(none.querySelector('img')).toBeNull();
    cleanup();
    const broken = await drawn(PICTURE);
    fireEvent.error(broken.querySelector('img') as HTMLImageElement);
    expect(broken.querySelector('img')).toBeNull();
  });
});
