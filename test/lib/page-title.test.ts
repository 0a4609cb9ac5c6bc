import { describe, expect, it } from 'vitest';
import { titleOf } from '../../src/components/page-title.tsx';

const loaded = (title?: string) => ({
  status: 'success',
  meta: title === undefined ? undefined : [{ title }],
});

describe('the page title (titleOf)', () => {
  it("is the deepest route's title", () => {
    expect(titleOf([loaded(), loaded('Account'), loaded('Profile — GIS Account')])).toBe(
      'Profile — GIS Account',
    );
  });

  it("keeps a parent's title where the page has none", () => {
    expect(titleOf([loaded(), loaded('Sign in — GIS Account'), loaded()])).toBe(
      'Sign in — GIS Account',
    );
  });

  it('takes the last title of a route that names several, and skips empty ones', () => {
    const match = { status: 'success', meta: [{ title: 'First' }, undefined, { title: 'Last' }] };
    expect(titleOf([match, loaded('')])).toBe('Last');
  });

  it('stops at the first route not loaded: a page still loading shows no title of its own yet', () => {
    const pending = { status: 'pending', meta: [{ title: 'Pending' }] };
    expect(titleOf([loaded('Shell'), pending, loaded('Child')])).toBe('Pending');
    expect(titleOf([loaded('Shell'), { status: 'pending' }, loaded('Child')])).toBe('Shell');
  });

  it('stops at a route that was not found', () => {
    const missing = { status: 'success', _notFound: true, meta: undefined };
    expect(titleOf([loaded('Shell'), missing, loaded('Child')])).toBe('Shell');
  });

  it('is none where no route names one', () => {
    expect(titleOf([])).toBeUndefined();
    expect(titleOf([loaded(), loaded()])).toBeUndefined();
  });
});
