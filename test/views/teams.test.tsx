import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Team, TeamUser } from '../../contract/teams.ts';
import { MemberScreen } from '../../src/views/teams/member-screen.tsx';
import { OwnerScreen } from '../../src/views/teams/owner-screen.tsx';
import { TeamLayout } from '../../src/views/teams/team-layout.tsx';
import { TeamOwnerProvider } from '../../src/views/teams/team-owner-context.tsx';
import { Providers } from '../render/providers.tsx';
import { json, requestOf, toasts, unstubApi } from '../render/stubbed-api.ts';

/* /teammanage's tabs through the live flows, the API answered by a stubbed fetch. */

const user = (n: number, username: string, owner = false): TeamUser => ({
  portal_guid: `00000000-0000-4000-8000-00000000000${n}`,
  username,
  first_name: `First${n}`,
  last_name: `Last${n}`,
  owner,
});
const owner = user(1, 'owner', true);
const bob = user(2, 'bob');
const ann = user(3, 'ann');
const team = (users: TeamUser[], extra: Partial<Team> = {}): Team => ({
  users,
  max_size: 2,
  owner_id: owner.portal_guid,
  owner_username: owner.username,
  team_status: 'active',
  owned_by_target_user: true,
  ...extra,
});

type Call = { method: string; path: string; search: string; body: unknown };

/** GET team/ answers `own`; users/ knows ann; PATCH answers what it was sent (or `save`). */
function stubApi(
  own: Team,
  answers: { save?: Response; teams?: Response; leave?: () => Promise<Response> } = {},
) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: Request | string, init?: RequestInit) => {
      const { url, method, body } = requestOf(input, init);
      calls.push({ method, path: url.pathname, search: url.search, body });
      if (url.pathname.endsWith('/v1/teams/')) return answers.teams ?? json(200, []);
      if (method === 'DELETE') {
        return answers.leave ? answers.leave() : new Response(null, { status: 204 });
      }
      if (url.pathname.endsWith('/v1/users/')) {
        return url.searchParams.get('username') === 'ann'
          ? json(200, { ...ann, owner: undefined })
          : json(404, { code: 'user_not_found', detail: 'There is no user with this username' });
      }
      if (method === 'PATCH') {
        if (answers.save) return answers.save;
        const guids = (body as { users: string[] }).users;
        const members = [bob, ann].filter((u) => guids.includes(u.portal_guid));
        return json(200, team([owner, ...members], { max_size: own.max_size }));
      }
      return json(200, own);
    }),
  );
  return calls;
}

function renderOwner(locale: 'en' | 'ru' = 'en') {
  render(
    <Providers locale={locale}>
      <TeamOwnerProvider>
        <TeamLayout>
          <OwnerScreen />
        </TeamLayout>
      </TeamOwnerProvider>
    </Providers>,
  );
}

const field = () => screen.getByRole('textbox', { name: /Username|Имя пользователя/ });
const dot = () => screen.queryByTestId('over-limit-dot');

afterEach(unstubApi);

describe('owner tab', () => {
  it('adds a member by username, refuses unknown and listed ones at the field, saves', async () => {
    const ui = userEvent.setup({ delay: null });
    const calls = stubApi(team([owner]));
    renderOwner();
    await screen.findByRole('cell', { name: 'owner' });
    expect(screen.getByText('Owner')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Remove/ })).toBeNull();
    expect(screen.getByTestId('team-seats').textContent).toBe('1 of 2 users');
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save.hasAttribute('disabled')).toBe(true);

    await ui.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('This field is required')).toBeTruthy();
    await ui.type(field(), 'nobody');
    expect(screen.queryByText('This field is required')).toBeNull();
    await ui.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('There is no user with this username')).toBeTruthy();
    expect(field().getAttribute('aria-invalid')).toBe('true');
    await ui.clear(field());
    await ui.type(field(), 'owner{Enter}');
    expect(await screen.findByText('This user is already in the team')).toBeTruthy();
    await ui.clear(field());
    await ui.type(field(), 'ann{Enter}');
    await screen.findByRole('cell', { name: 'ann' });
    expect((field() as HTMLInputElement).value).toBe('');
    expect(screen.getByText('You have unsaved changes.')).toBeTruthy();

    await ui.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The team is saved.')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'PATCH')).toMatchObject([
      { path: '/api/v1/team/', body: { users: [ann.portal_guid] } },
    ]);
    expect(calls.filter((c) => c.path === '/api/v1/users/').map((c) => c.search)).toEqual([
      '?username=nobody',
      '?username=ann',
    ]);
  });

  it('shows the red dot while the saved team is over its limit, in Russian', async () => {
    const ui = userEvent.setup({ delay: null });
    stubApi(team([owner, bob, ann]));
    renderOwner('ru');
    await screen.findByRole('cell', { name: 'ann' });
    expect(dot()).not.toBeNull();
    expect(screen.getByRole('link', { name: /Моя команда.*больше, чем разрешено/ })).toBeTruthy();
    expect(screen.getByTestId('team-seats').textContent).toBe('3 из 2 пользователей');
    expect(screen.getByText('В команде больше пользователей, чем разрешено')).toBeTruthy();
    await ui.click(screen.getByRole('button', { name: 'Удалить bob' }));
    // Removed but not saved: the dot stays with the saved team.
    expect(dot()).not.toBeNull();
    await ui.click(screen.getByRole('button', { name: 'Сохранить' }));
    await screen.findByText('Команда сохранена.');
    expect(dot()).toBeNull();
    expect(screen.getByTestId('team-seats').textContent).toBe('2 из 2 пользователей');
  });

  it('offers the upgrade when the own plan is not premium', async () => {
    stubApi(team([owner], { team_status: 'disabled' }));
    renderOwner();
    const link = await screen.findByRole('link', { name: 'Upgrade to Premium' });
    expect(link.getAttribute('href')).toBe('/en/subscription/update?plan=premium&period=monthly');
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it('turns a save refused for the plan into the upgrade offer, without a toast', async () => {
    const ui = userEvent.setup({ delay: null });
    const errors = toasts();
    stubApi(team([owner, bob]), {
      save: json(403, {
        errors: [{ code: 'premium_required', detail: 'A team needs the Premium plan' }],
      }),
    });
    renderOwner();
    await ui.click(await screen.findByRole('button', { name: 'Remove bob' }));
    await ui.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('A team is a Premium feature')).toBeTruthy();
    expect(errors).toEqual([]);
  });

  it('says a save failed and toasts the error', async () => {
    const ui = userEvent.setup({ delay: null });
    const errors = toasts();
    stubApi(team([owner, bob]), { save: json(500, { code: 'system', detail: 'Boom' }) });
    renderOwner();
    await ui.click(await screen.findByRole('button', { name: 'Remove bob' }));
    await ui.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText("Couldn't save the team. Please try again.")).toBeTruthy();
    expect(errors).toMatchObject([{ code: 'system', useCase: 'update_team' }]);
    expect(screen.getByRole('button', { name: 'Save' }).hasAttribute('disabled')).toBe(false);
  });
});

describe('member tab', () => {
  it('lists the non-owned teams with their owner and users', async () => {
    stubApi(team([owner]), {
      teams: json(200, [
        team([user(5, 'lead', true), owner, bob], {
          owner_username: 'lead',
          owner_id: 'x',
          max_size: 5,
          owned_by_target_user: false,
        }),
      ]),
    });
    render(
      <Providers locale="ru">
        <MemberScreen />
      </Providers>,
    );
    const card = (await screen.findByRole('heading', { name: 'Команда lead' })).closest('li');
    expect(card).not.toBeNull();
    expect(within(card as HTMLElement).getByText('3 пользователя')).toBeTruthy();
    expect(within(card as HTMLElement).getByText('Premium через эту команду')).toBeTruthy();
  });

  it('says when there is none', async () => {
    stubApi(team([owner]));
    render(
      <Providers locale="en">
        <MemberScreen />
      </Providers>,
    );
    expect(await screen.findByText(/You are not a member of anyone else's team yet/)).toBeTruthy();
  });

  it('offers a retry when the list fails', async () => {
    const errors = toasts();
    stubApi(team([owner]), { teams: json(500, { code: 'system', detail: 'Boom' }) });
    render(
      <Providers locale="en">
        <MemberScreen />
      </Providers>,
    );
    expect(await screen.findByText("Couldn't load your teams. Please try again.")).toBeTruthy();
    await waitFor(() => expect(errors).toMatchObject([{ useCase: 'get_teams' }]));
  });

  describe('Leave team', () => {
    const memberTeam = (ownerName: string, ownerId: string) =>
      team([user(5, ownerName, true), owner], {
        owner_username: ownerName,
        owner_id: ownerId,
        max_size: 5,
        owned_by_target_user: false,
      });
    const cardOf = (ownerName: string) => {
      const card = screen.getByRole('heading', { name: `Team of ${ownerName}` }).closest('li');
      if (!card) throw new Error(`no card of ${ownerName}`);
      return within(card);
    };
    function renderMember(onLeft = vi.fn()) {
      render(
        <Providers locale="en">
          <MemberScreen onLeft={onLeft} />
        </Providers>,
      );
      return onLeft;
    }

    it('asks first, is busy while leaving, then drops the team and reads the session again', async () => {
      let answer: (response: Response) => void = () => {};
      const calls = stubApi(team([owner]), {
        teams: json(200, [memberTeam('lead', 'guid-lead'), memberTeam('zoe', 'guid-zoe')]),
        leave: () => new Promise((resolve) => (answer = resolve)),
      });
      const onLeft = renderMember();
      const u = userEvent.setup({ delay: null });
      await screen.findByRole('heading', { name: 'Team of lead' });

      // Cancel leaves everything as it was.
      await u.click(cardOf('lead').getByRole('button', { name: 'Leave team' }));
      const dialog = await screen.findByRole('alertdialog');
      within(dialog).getByText(/You will leave the team of lead/);
      await u.click(within(dialog).getByRole('button', { name: 'Cancel' }));
      // jsdom runs no exit animation: the dialog stays in the page, closed.
      await waitFor(() => expect(dialog.getAttribute('data-state')).toBe('closed'));
      expect(calls.filter((c) => c.method === 'DELETE')).toEqual([]);

      // Confirmed: one DELETE of the own membership in that team, every button waits.
      await u.click(cardOf('lead').getByRole('button', { name: 'Leave team' }));
      const again = await screen.findByRole('alertdialog');
      within(again).getByText(/You will leave the team of lead/);
      await u.click(within(again).getByRole('button', { name: 'Leave team' }));
      await waitFor(() =>
        expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual([
          '/api/v1/teams/guid-lead/membership/',
        ]),
      );
      await waitFor(() =>
        expect(cardOf('lead').getByRole('button', { name: /Leaving…/ })).toHaveProperty(
          'disabled',
          true,
        ),
      );
      expect(cardOf('zoe').getByRole('button', { name: 'Leave team' })).toHaveProperty(
        'disabled',
        true,
      );
      expect(onLeft).not.toHaveBeenCalled();

      answer(new Response(null, { status: 204 }));
      await waitFor(() =>
        expect(screen.queryByRole('heading', { name: 'Team of lead' })).toBeNull(),
      );
      expect(cardOf('zoe').getByRole('button', { name: 'Leave team' })).toHaveProperty(
        'disabled',
        false,
      );
      expect(onLeft).toHaveBeenCalledTimes(1);
    });

    it('says so when the last team is left, in Russian', async () => {
      stubApi(team([owner]), { teams: json(200, [memberTeam('lead', 'guid-lead')]) });
      render(
        <Providers locale="ru">
          <MemberScreen />
        </Providers>,
      );
      const u = userEvent.setup({ delay: null });
      await screen.findByRole('heading', { name: 'Команда lead' });
      await u.click(screen.getByRole('button', { name: 'Выйти из команды' }));
      const dialog = await screen.findByRole('alertdialog');
      within(dialog).getByText('Выйти из команды?');
      await u.click(within(dialog).getByRole('button', { name: 'Выйти из команды' }));
      expect(await screen.findByText(/Вы пока не состоите/)).toBeTruthy();
    });

    it('keeps the team with an error and a toast when refused, and may try again', async () => {
      const errors = toasts();
      let refuse = true;
      stubApi(team([owner]), {
        teams: json(200, [memberTeam('lead', 'guid-lead')]),
        leave: async () =>
          refuse
            ? json(500, { code: 'system', detail: 'Boom' })
            : new Response(null, { status: 204 }),
      });
      const onLeft = renderMember();
      const u = userEvent.setup({ delay: null });
      await screen.findByRole('heading', { name: 'Team of lead' });
      await u.click(screen.getByRole('button', { name: 'Leave team' }));
      await u.click(
        within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Leave team' }),
      );
      expect(
        await cardOf('lead').findByText("Couldn't leave the team. Please try again."),
      ).toBeTruthy();
      await waitFor(() => expect(errors).toMatchObject([{ useCase: 'leave_team' }]));
      expect(onLeft).not.toHaveBeenCalled();

      refuse = false;
      await u.click(cardOf('lead').getByRole('button', { name: 'Leave team' }));
      await u.click(
        within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Leave team' }),
      );
      expect(
        await screen.findByText(/You are not a member of anyone else's team yet/),
      ).toBeTruthy();
      expect(onLeft).toHaveBeenCalledTimes(1);
    });

    it('drops a team the user was no longer in (404) without an error', async () => {
      const errors = toasts();
      stubApi(team([owner]), {
        teams: json(200, [memberTeam('lead', 'guid-lead'), memberTeam('zoe', 'guid-zoe')]),
        leave: async () => json(404, { code: 'not_found', detail: 'Nothing found' }),
      });
      renderMember();
      const u = userEvent.setup({ delay: null });
      await screen.findByRole('heading', { name: 'Team of zoe' });
      await u.click(cardOf('zoe').getByRole('button', { name: 'Leave team' }));
      await u.click(
        within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Leave team' }),
      );
      await waitFor(() =>
        expect(screen.queryByRole('heading', { name: 'Team of zoe' })).toBeNull(),
      );
      screen.getByRole('heading', { name: 'Team of lead' });
      expect(screen.queryByText("Couldn't leave the team. Please try again.")).toBeNull();
      expect(errors).toEqual([]);
    });
  });
});
