import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import type { Consultation, ConsultationRequest } from '../../contract/consultation.ts';
import type { Binding, BindingCreate, BindingList } from '../../contract/onpremise.ts';
import type { Team, TeamUser, UserLookup } from '../../contract/teams.ts';
import type { Webgis, WebgisCreateRequest } from '../../contract/webgis.ts';
import { consultationMachine } from '../../machines/consultation.machine.ts';
import { onpremiseMachine, type OnpremisePlan } from '../../machines/onpremise.machine.ts';
import { teamOwnerMachine } from '../../machines/team-owner.machine.ts';
import {
  webgisCreateMachine,
  type WebgisCreateLoad,
} from '../../machines/webgis-create.machine.ts';
import { keepDrafts } from '../../src/forms/drafts.ts';
import { ConsultationScreen } from '../../src/views/consultation/consultation-screen.tsx';
import { OnpremiseScreen } from '../../src/views/onpremise/onpremise-screen.tsx';
import { OwnerScreen } from '../../src/views/teams/owner-screen.tsx';
import { TeamOwnerProvider } from '../../src/views/teams/team-owner-context.tsx';
import { CreateScreen } from '../../src/views/webgis/create-screen.tsx';
import { demoUser } from '../fixtures/users.ts';
import { demoLocations, demoWebgis } from '../fixtures/webgis.ts';
import {
  draftOffer,
  keptDraft,
  leaveDraft,
  renderOnAccountPage,
  signedInSession,
} from '../render/drafts.tsx';
import { json, requestOf } from '../render/stubbed-api.ts';

/* The account pages' forms other than the profile, kept across the session's end (decision 0025). */

beforeAll(() => {
  Element.prototype.scrollIntoView = () => {};
  window.scrollTo = () => {};
});
beforeEach(() => sessionStorage.clear());
afterEach(cleanup);

const click = (user: ReturnType<typeof userEvent.setup>, name: string) =>
  user.click(screen.getByRole('button', { name }));

describe('team members (owner tab)', () => {
  const member = (n: number, username: string, owner = false): TeamUser => ({
    portal_guid: `00000000-0000-4000-8000-00000000000${n}`,
    username,
    first_name: `First${n}`,
    last_name: `Last${n}`,
    owner,
  });
  const owner = member(1, demoUser.username, true);
  const ann = member(3, 'ann');
  const team = (users: TeamUser[]): Team => ({
    users,
    max_size: 3,
    owner_id: owner.portal_guid,
    owner_username: owner.username,
    team_status: 'active',
    owned_by_target_user: true,
  });
  type Save = (input: { users: string[] }) => Promise<Team>;

  function renderOwner(save: Save, locale: 'en' | 'ru' = 'en') {
    const machine = teamOwnerMachine.provide({
      actors: {
        fetchOwnTeam: fromPromise(async () => team([owner])),
        lookupUser: fromPromise<UserLookup, { username: string }>(async () => {
          const { owner: _owner, ...found } = ann;
          return found;
        }),
        saveTeam: fromPromise(({ input }) => save(input)),
      },
    });
    renderOnAccountPage(
      <TeamOwnerProvider machine={machine}>
        <OwnerScreen />
      </TeamOwnerProvider>,
      locale,
    );
  }
  const username = () => screen.getByRole('textbox', { name: /Username|Имя пользователя/ });
  // The invitations under the users read the API themselves: none are pending.
  beforeEach(() => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: Request | string, init?: RequestInit) => {
        const { url, method } = requestOf(input, init);
        if (method === 'GET' && url.pathname === '/api/v1/team/invitations/') return json(200, []);
        throw new Error(`unexpected ${method} ${url.pathname}`);
      }),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  it('keeps the members as edited and the typed username when a save meets 401', async () => {
    const user = userEvent.setup({ delay: null });
    const session = await signedInSession('team');
    const save = vi.fn<Save>(async () => {
      throw session.refuse();
    });
    renderOwner(save);
    await user.type(await screen.findByRole('textbox', { name: /Username/ }), 'ann');
    await click(user, 'Add');
    await screen.findByRole('cell', { name: 'ann' });
    await user.type(username(), 'bo');
    await click(user, 'Save');
    await waitFor(() => expect(session.wentToSignIn).toHaveBeenCalled());
    session.stop();
    expect(session.keptAtSignIn[0]).toEqual({ users: [owner, ann], username: 'bo' });
  });

  it('keeps nothing while the team is as saved', async () => {
    renderOwner(vi.fn<Save>());
    await screen.findByRole('cell', { name: owner.username });
    keepDrafts();
    expect(keptDraft('team')).toBeNull();
  });

  it('offers the kept members; Restore puts them back unsaved, Save clears the draft', async () => {
    const user = userEvent.setup({ delay: null });
    leaveDraft('team', { users: [owner, ann], username: 'bo' });
    const save = vi.fn<Save>(async () => team([owner, ann]));
    renderOwner(save);
    await screen.findByText(draftOffer.en);
    expect(screen.queryByRole('cell', { name: 'ann' })).toBeNull();
    await click(user, 'Restore');
    await screen.findByRole('cell', { name: 'ann' });
    expect(username()).toHaveProperty('value', 'bo');
    expect(screen.getByText('You have unsaved changes.')).toBeTruthy();
    expect(save).not.toHaveBeenCalled();
    await click(user, 'Save');
    await screen.findByText('The team is saved.');
    expect(save).toHaveBeenCalledWith({ users: [ann.portal_guid] });
    await waitFor(() => expect(keptDraft('team')).toBeNull());
  });

  it('Discard (in Russian) leaves the team as saved', async () => {
    const user = userEvent.setup({ delay: null });
    leaveDraft('team', { users: [owner, ann], username: '' });
    renderOwner(vi.fn<Save>(), 'ru');
    await screen.findByText(draftOffer.ru);
    await click(user, 'Отбросить');
    expect(keptDraft('team')).toBeNull();
    expect(screen.queryByRole('cell', { name: 'ann' })).toBeNull();
  });
});

describe('web GIS create form', () => {
  type Create = (request: WebgisCreateRequest) => Promise<Webgis>;

  function renderCreate(create: Create) {
    const machine = webgisCreateMachine.provide({
      actors: {
        fetchOptions: fromPromise<WebgisCreateLoad>(async () => ({
          domain: 'localhost',
          locations: demoLocations,
          existing: null,
        })),
        createWebgis: fromPromise(({ input }) => create(input)),
        // The creation's polling never answers here: the page stays.
        fetchWebgis: fromPromise<Webgis | null>(() => new Promise(() => {})),
      },
    });
    renderOnAccountPage(
      <CreateScreen username="demo" locale="en" onDone={() => {}} machine={machine} />,
    );
  }
  const domain = () => screen.getByRole('textbox', { name: /Domain name/ });
  const russia = () =>
    within(screen.getByRole('group', { name: /Data center/ })).getByRole<HTMLInputElement>(
      'radio',
      { name: 'Russia (Moscow)' },
    );

  it('keeps the address and data center typed when the create meets 401', async () => {
    const user = userEvent.setup({ delay: null });
    const session = await signedInSession('webgis');
    renderCreate(async () => {
      throw session.refuse();
    });
    await screen.findByRole('textbox', { name: /Domain name/ });
    await user.clear(domain());
    await user.type(domain(), 'tab-b-maps');
    await user.click(russia());
    await click(user, 'Create');
    await waitFor(() => expect(session.wentToSignIn).toHaveBeenCalled());
    session.stop();
    expect(session.keptAtSignIn[0]).toEqual({
      subdomain_name: 'tab-b-maps',
      location_id: 'ru-central',
    });
  });

  it('offers them back; Restore fills the form, a creation under way clears the draft', async () => {
    const user = userEvent.setup({ delay: null });
    leaveDraft('webgis', { subdomain_name: 'tab-b-maps', location_id: 'ru-central' });
    const create = vi.fn<Create>(async () =>
      demoWebgis('wait_for_create', {
        url: 'http://tab-b-maps.localhost/',
        url_oauth: 'http://tab-b-maps.localhost/login/oauth/',
        location: demoLocations[1]!,
      }),
    );
    renderCreate(create);
    await screen.findByText(draftOffer.en);
    expect(domain()).toHaveProperty('value', 'demo');
    await click(user, 'Restore');
    expect(domain()).toHaveProperty('value', 'tab-b-maps');
    expect(russia().checked).toBe(true);
    expect(keptDraft('webgis')).not.toBeNull();
    await click(user, 'Create');
    expect(create).toHaveBeenCalledWith(
      expect.objectContaining({ subdomain_name: 'tab-b-maps', location_id: 'ru-central' }),
    );
    await waitFor(() => expect(keptDraft('webgis')).toBeNull());
  });
});

describe('on-premise binding form', () => {
  const identifier = 'ABCD-EFGH-IJKL-MNOP-QRST-UVWX-YZ12-3456';
  type Bind = (request: BindingCreate) => Promise<Binding>;

  function renderOnpremise(bind: Bind, locale: 'en' | 'ru' = 'en') {
    const machine = onpremiseMachine.provide({
      actors: {
        fetchPlan: fromPromise<OnpremisePlan>(async () => ({ plan: 'premium', team_plan: null })),
        fetchBindings: fromPromise<BindingList>(async () => ({ bindings: [], max: 3 })),
        bindIdentifier: fromPromise(({ input }) => bind(input)),
        unbindIdentifier: fromPromise<void, number>(async () => {}),
      },
    });
    renderOnAccountPage(
      <OnpremiseScreen locale={locale} user={demoUser} machine={machine} />,
      locale,
    );
  }
  const identifierField = () => screen.getByRole('textbox', { name: /^Identifier|^Идентификатор/ });

  it('keeps the identifier and label typed when the bind meets 401', async () => {
    const user = userEvent.setup({ delay: null });
    const session = await signedInSession('onpremise-binding');
    renderOnpremise(async () => {
      throw session.refuse();
    });
    await user.type(await screen.findByRole('textbox', { name: /^Identifier/ }), identifier);
    await user.type(screen.getByRole('textbox', { name: /^Label/ }), 'Office');
    await click(user, 'Bind');
    await waitFor(() => expect(session.wentToSignIn).toHaveBeenCalled());
    session.stop();
    expect(session.keptAtSignIn[0]).toEqual({ identifier, label: 'Office' });
  });

  it('offers them back; Restore fills the form, a bind clears the draft (in Russian)', async () => {
    const user = userEvent.setup({ delay: null });
    leaveDraft('onpremise-binding', { identifier, label: 'Office' });
    const bind = vi.fn<Bind>(async (request) => ({
      id: 1,
      ...request,
      bound_at: '2026-11-26T10:00:00.000Z',
    }));
    renderOnpremise(bind, 'ru');
    await screen.findByText(draftOffer.ru);
    await click(user, 'Восстановить');
    expect(identifierField()).toHaveProperty('value', identifier);
    await click(user, 'Привязать');
    await screen.findByText('Идентификатор привязан');
    expect(bind).toHaveBeenCalledWith({ identifier, label: 'Office' });
    await waitFor(() => expect(keptDraft('onpremise-binding')).toBeNull());
    // The fresh form after the bind offers nothing.
    expect(screen.queryByText(draftOffer.ru)).toBeNull();
    expect(identifierField()).toHaveProperty('value', '');
  });
});

describe('consultation request form', () => {
  type Send = (request: ConsultationRequest) => Promise<Consultation>;

  function renderConsultation(send: Send) {
    const machine = consultationMachine.provide({
      actors: { sendConsultation: fromPromise(({ input }) => send(input)) },
    });
    renderOnAccountPage(<ConsultationScreen user={demoUser} language="en" machine={machine} />);
  }
  const comment = () => screen.getByRole('textbox', { name: /^Comment/ });

  it('keeps the request typed when sending meets 401', async () => {
    const user = userEvent.setup({ delay: null });
    const session = await signedInSession('consultation');
    renderConsultation(async () => {
      throw session.refuse();
    });
    await user.type(await screen.findByRole('textbox', { name: /^Comment/ }), 'Forty users');
    await click(user, 'Send request');
    await waitFor(() => expect(session.wentToSignIn).toHaveBeenCalled());
    session.stop();
    expect(session.keptAtSignIn[0]).toMatchObject({
      email: demoUser.email,
      comment: 'Forty users',
    });
  });

  it('offers it back; Restore fills the form, sending clears the draft', async () => {
    const user = userEvent.setup({ delay: null });
    leaveDraft('consultation', { comment: 'Forty users', company: 'Tab B Ltd' });
    const send = vi.fn<Send>(async () => ({ id: 1, created_at: '2026-11-26T10:00:00.000Z' }));
    renderConsultation(send);
    await screen.findByText(draftOffer.en);
    await click(user, 'Restore');
    expect(comment()).toHaveProperty('value', 'Forty users');
    await click(user, 'Send request');
    expect(send).toHaveBeenCalledWith(
      expect.objectContaining({ comment: 'Forty users', company: 'Tab B Ltd' }),
    );
    await waitFor(() => expect(keptDraft('consultation')).toBeNull());
  });
});
