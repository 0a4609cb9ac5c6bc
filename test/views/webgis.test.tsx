import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Webgis } from '../../contract/webgis.ts';
import { liveWebgisCreateMachine } from '../../src/flows/webgis-create.flow.ts';
import { liveWebgisSettingsMachine } from '../../src/flows/webgis-settings.flow.ts';
import { CreateScreen } from '../../src/views/webgis/create-screen.tsx';
import { SettingsScreen } from '../../src/views/webgis/settings-screen.tsx';
import { demoLocations, demoWebgis } from '../fixtures/webgis.ts';
import { Providers } from '../render/providers.tsx';
import { json, requestOf, toasts, unstubApi } from '../render/stubbed-api.ts';

/* /webgis/create and /webgis through the live flows, the API answered by a stubbed fetch. */

const locations = demoLocations.slice(0, 2);
const instance = (state: Webgis['state'], plan: Webgis['plan'] = 'free') =>
  demoWebgis(state, { plan });

type Call = { method: string; path: string; body: unknown };

interface Answers {
  create?: Response;
  my?: Response[];
  /** The create page: before the create call the user has this instance, or none (404). */
  mine?: Webgis | null;
}

/** Answers by path; `my` answers each poll in turn (the last one repeats). */
function stubApi(answers: Answers = {}) {
  const calls: Call[] = [];
  let created = !('mine' in answers);
  const polls = [...(answers.my ?? [json(200, instance('started'))])];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: Request | string, init?: RequestInit) => {
      const { url, method, body } = requestOf(input, init);
      calls.push({ method, path: url.pathname, body });
      if (url.pathname.endsWith('/webgis/refs/')) return json(200, { domain: 'localhost' });
      if (url.pathname.endsWith('/cluster/locations/')) return json(200, locations);
      if (method === 'POST') {
        created = true;
        return answers.create ?? json(201, instance('wait_for_create'));
      }
      if (!created) {
        return answers.mine
          ? json(200, answers.mine)
          : json(404, { code: 'not_found', detail: 'Nothing found' });
      }
      return (polls.length > 1 ? polls.shift() : polls[0]?.clone()) ?? json(500, {});
    }),
  );
  return calls;
}

// Polls every 10 ms here: the timing itself has its fake-clock test.
const quick = liveWebgisCreateMachine.provide({ delays: { pollInterval: 10 } });

function renderCreate(locale: 'en' | 'ru' = 'en', username = '2_my.web_gis') {
  const onDone = vi.fn();
  render(
    <Providers locale={locale}>
      <CreateScreen username={username} locale={locale} onDone={onDone} machine={quick} />
    </Providers>,
  );
  return onDone;
}

const field = () => screen.getByRole('textbox', { name: /Domain name|Доменное имя/ });

afterEach(unstubApi);

describe('web GIS create page', () => {
  it('ends at once, creating nothing, for a user who has a web GIS already', async () => {
    // Issue 31: the page used to offer the form and answer "could not be created".
    const calls = stubApi({ mine: instance('started') });
    const onDone = renderCreate();
    await waitFor(() =>
      expect(onDone).toHaveBeenCalledWith({ webgis: instance('started'), existing: true }),
    );
    expect(screen.queryByRole('form', { hidden: true })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Create' })).toBeNull();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('offers the default subdomain, creates, shows the dialog and ends with the instance', async () => {
    const user = userEvent.setup({ delay: null });
    // Being created until the test has seen the dialog (see below).
    const calls = stubApi({ mine: null, my: [json(200, instance('wait_for_create'))] });
    const onDone = renderCreate();
    expect(await screen.findByDisplayValue('my-web-gis')).toBe(field());
    expect(screen.getByTestId('domain-suffix').textContent).toBe('.localhost');
    expect(screen.getByText('Your Web GIS will open at my-web-gis.localhost')).toBeTruthy();
    const group = screen.getByRole('group', { name: /Data center/ });
    const europe = within(group).getByRole('radio', { name: 'Europe (Frankfurt)' });
    expect((europe as HTMLInputElement).checked).toBe(true);
    await user.click(within(group).getByRole('radio', { name: 'Russia (Moscow)' }));
    expect(screen.getByRole('complementary', { name: 'Related information' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Create' }));
    await screen.findByRole('alertdialog', { name: 'Your Web GIS is being created' });
    const created = calls.find((c) => c.method === 'POST');
    // After the create call: the polls now see it started.
    stubApi({ my: [json(200, instance('started'))] });
    await waitFor(() =>
      expect(onDone).toHaveBeenCalledWith({ webgis: instance('started'), existing: false }),
    );
    expect(created).toEqual({
      method: 'POST',
      path: '/api/v1/webgis/',
      body: { subdomain_name: 'my-web-gis', location_id: 'ru-central', language: 'en' },
    });
  });

  it.each(['abc', '1abc', '-abcd', 'abcd-', 'a'.repeat(65), 'xn--80ak6aa92e'])(
    'refuses %s with the domain rule, sending nothing',
    async (name) => {
      const user = userEvent.setup({ delay: null });
      const calls = stubApi({ mine: null });
      renderCreate();
      await screen.findByDisplayValue('my-web-gis');
      await user.clear(field());
      await user.type(field(), name);
      await user.click(screen.getByRole('button', { name: 'Create' }));
      expect(
        await screen.findByText(
          'Only alphabetic, numeric characters and hyphen are allowed. At least 4 characters are needed',
        ),
      ).toBeTruthy();
      expect(field().getAttribute('aria-invalid')).toBe('true');
      expect(calls.some((c) => c.method === 'POST')).toBe(false);
    },
  );

  it('shows the server’s refusal of a taken name at the field, in Russian, until edited', async () => {
    const user = userEvent.setup({ delay: null });
    stubApi({
      mine: null,
      create: json(400, {
        errors: [
          {
            code: 'subdomain_taken',
            detail: 'This domain name is already taken',
            source: { pointer: 'subdomain_name' },
          },
        ],
      }),
    });
    renderCreate('ru', 'taken_one');
    await screen.findByDisplayValue('taken-one');
    expect(screen.getByRole('radio', { name: 'Европа (Франкфурт)' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Создать' }));
    expect(await screen.findByText('Это доменное имя уже занято')).toBeTruthy();
    await user.type(field(), 'x');
    expect(screen.queryByText('Это доменное имя уже занято')).toBeNull();
  });

  it('says the creation failed when the instance ends in error, and reports it', async () => {
    const user = userEvent.setup({ delay: null });
    const errors = toasts();
    stubApi({ mine: null, my: [json(200, instance('error'))] });
    const onDone = renderCreate();
    await screen.findByDisplayValue('my-web-gis');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(
      await screen.findByText(
        'Your Web GIS could not be created. Try again, or choose another data center.',
      ),
    ).toBeTruthy();
    expect(errors).toMatchObject([{ detail: 'Your Web GIS could not be created' }]);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(onDone).not.toHaveBeenCalled();
  });

  it('fails at a polling error, the error going to the toast', async () => {
    const user = userEvent.setup({ delay: null });
    const errors = toasts();
    stubApi({
      mine: null,
      my: [json(500, { code: 'system', detail: 'Something went wrong. Try again later.' })],
    });
    renderCreate();
    await screen.findByDisplayValue('my-web-gis');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    await screen.findByText(/Your Web GIS could not be created\. Try again/);
    expect(errors).toMatchObject([{ code: 'system', useCase: 'check_webgis_status' }]);
  });
});

function renderSettings(showSuccess: boolean, locale: 'en' | 'ru' = 'en') {
  const onStripQuery = vi.fn();
  render(
    <Providers locale={locale}>
      <SettingsScreen
        email="ann@example.com"
        locale={locale}
        showSuccess={showSuccess}
        onStripQuery={onStripQuery}
        machine={liveWebgisSettingsMachine}
      />
    </Providers>,
  );
  return onStripQuery;
}

/** The value the details list gives `label` (a dt and its dd). */
function detail(label: string): string {
  const term = screen.getAllByRole('term', { hidden: true }).find((dt) => dt.textContent === label);
  return term?.nextElementSibling?.textContent ?? '';
}

describe('web GIS page', () => {
  it('opens the success modal with the upgrade action on free; closing strips the query', async () => {
    const user = userEvent.setup({ delay: null });
    stubApi({ my: [json(200, instance('started'))] });
    const onStripQuery = renderSettings(true);
    const modal = await screen.findByRole('dialog', { name: 'Your Web GIS is ready' });
    expect(within(modal).getByRole('link', { name: 'Upgrade' }).getAttribute('href')).toBe(
      '/en/subscription/update',
    );
    expect(
      within(modal)
        .getByRole('link', { name: /Go to Web GIS/ })
        .getAttribute('href'),
    ).toBe('http://my-web-gis.localhost:8080/login/oauth/');
    await user.click(within(modal).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(onStripQuery).toHaveBeenCalledTimes(1);
    const address = screen.getByRole('link', { name: /my-web-gis\.localhost/ });
    expect(address.getAttribute('href')).toBe('http://my-web-gis.localhost:8080/');
    // Issue 31: a settings page, its details and then its actions.
    const details = screen.getByRole('region', { name: 'Details' });
    expect(
      within(details)
        .getAllByRole('term')
        .map((dt) => dt.textContent),
    ).toEqual(['Address', 'State', 'Plan', 'Data center', 'Language', 'Created']);
    expect(detail('State')).toBe('Ready');
    expect(detail('Plan')).toBe('Free');
    expect(detail('Data center')).toBe('Europe (Frankfurt)');
    expect(detail('Language')).toBe('English');
    expect(detail('Created')).toBe('March 14, 2026');
    const actions = screen.getByRole('region', { name: 'Actions' });
    expect(
      within(actions)
        .getByRole('link', { name: /Go to Web GIS/ })
        .getAttribute('href'),
    ).toBe('http://my-web-gis.localhost:8080/login/oauth/');
    expect(within(actions).getByRole('link', { name: 'Upgrade' }).getAttribute('href')).toBe(
      '/en/subscription/update',
    );
  });

  it('offers only the way to the Web GIS on premium, in Russian', async () => {
    stubApi({ my: [json(200, instance('started', 'premium'))] });
    renderSettings(true, 'ru');
    const modal = await screen.findByRole('dialog', { name: 'Ваша Веб ГИС готова' });
    expect(within(modal).getByRole('link', { name: /Перейти в Веб ГИС/ })).toBeTruthy();
    expect(within(modal).queryByRole('link', { name: 'Повысить тариф' })).toBeNull();
    expect(detail('Тариф')).toBe('Premium');
    expect(detail('Дата-центр')).toBe('Европа (Франкфурт)');
    expect(detail('Язык')).toBe('Английский');
    expect(detail('Дата создания')).toBe('14 марта 2026');
    const actions = screen.getByRole('region', { name: 'Действия', hidden: true });
    expect(within(actions).getByRole('link', { name: 'Сменить тариф', hidden: true })).toBeTruthy();
  });

  it('says it is being created, naming the e-mail, and shows the address once started', async () => {
    // Being created until the test has seen it: on a busy machine a 10 ms refresh could
    // otherwise replace the notice before it is looked for.
    stubApi({ my: [json(200, instance('wait_for_create'))] });
    render(
      <Providers locale="en">
        <SettingsScreen
          email="ann@example.com"
          locale="en"
          showSuccess={false}
          onStripQuery={() => {}}
          machine={liveWebgisSettingsMachine.provide({ delays: { refreshInterval: 10 } })}
        />
      </Providers>,
    );
    expect(await screen.findByText('Your Web GIS is being created')).toBeTruthy();
    expect(screen.getByText(/We will send a message to ann@example\.com/)).toBeTruthy();
    expect(screen.queryByRole('link', { name: /my-web-gis\.localhost/ })).toBeNull();
    stubApi({ my: [json(200, instance('started'))] });
    await screen.findByRole('link', { name: /my-web-gis\.localhost/ });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows the blocked alert and no success modal when disabled', async () => {
    stubApi({ my: [json(200, instance('disabled'))] });
    renderSettings(true);
    expect(await screen.findByText('Your Web GIS is blocked')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(detail('State')).toBe('Blocked');
    const actions = screen.getByRole('region', { name: 'Actions' });
    expect(within(actions).queryByRole('link', { name: /Go to Web GIS/ })).toBeNull();
    expect(within(actions).getByRole('link', { name: 'Upgrade' })).toBeTruthy();
  });

  it('offers to create one when there is none (404)', async () => {
    stubApi({ my: [json(404, { code: 'not_found', detail: 'Nothing found' })] });
    renderSettings(false);
    const link = await screen.findByRole('link', { name: 'Create Web GIS' });
    expect(link.getAttribute('href')).toBe('/en/webgis/create');
  });
});
