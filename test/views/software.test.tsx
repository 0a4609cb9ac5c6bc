import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Distribution, OperatingSystem, ProductId, Release } from '../../contract/software.ts';
import { forgetWarmReads, primeReads } from '../../src/api/client.ts';
import { latestReleases, readPaths } from '../../contract/page-reads.ts';
import { SoftwareScreen } from '../../src/views/software/software-screen.tsx';
import { Providers } from '../render/providers.tsx';
import { json, toasts, unstubApi } from '../render/stubbed-api.ts';

/* /software through the live flow, with the API answered by a stubbed fetch. */

const file = (id: number, name: string) => ({
  id,
  name,
  size: 1843,
  link: `/api/v1/releases/${id}/download`,
});
const release = (
  id: number,
  product: ProductId,
  os: OperatingSystem,
  dist: Distribution,
  extension: string,
): Release => ({
  id,
  name: `${product} ${os} ${dist}`,
  product,
  version: '3.40.1',
  tags: ['latest'],
  options: { os, dist, type: 'stable' },
  files: [file(id, `${product}-3.40.1-${os}-${dist}${extension}`)],
});
const store = (id: number, product: ProductId): Release => ({
  ...release(id, product, 'android', 'network', ''),
  files: [
    {
      id,
      name: 'play.google.com',
      size: null,
      link: `https://play.google.com/store/apps/details?id=com.example.gis.${product}`,
    },
  ],
});
const releases: Release[] = [
  release(101, 'qgis', 'win64', 'network', '.exe'),
  release(102, 'qgis', 'win64', 'standalone', '.exe'),
  release(103, 'qgis', 'mac', 'network', '.dmg'),
  release(201, 'formbuilder', 'win64', 'network', '.exe'),
  release(202, 'formbuilder', 'mac', 'standalone', '.dmg'),
  store(301, 'mobile'),
  store(401, 'collector'),
  release(402, 'collector', 'ios', 'standalone', '.ipa'),
];

/** Answers GET /api/v1/releases with each of `answers` in turn (the last one repeats). */
function stubApi(...answers: Response[]) {
  const urls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request | string) => {
      urls.push(typeof request === 'string' ? request : request.url);
      return (answers.length > 1 ? answers.shift() : answers[0]?.clone()) ?? json(500, {});
    }),
  );
  return urls;
}

const section = (name: string) => screen.getByRole('region', { name });
const hrefOf = (link: HTMLElement) => link.getAttribute('href');

afterEach(unstubApi);
afterEach(forgetWarmReads);

describe('the software page with the releases its HTML brought (decision 0034)', () => {
  const brought = (answer: Release[]) =>
    primeReads([{ path: readPaths.releases, query: { ...latestReleases }, answer }]);

  it('draws them at once: no wait, no read', async () => {
    const urls = stubApi(json(200, []));
    brought(releases);
    let waited = false;
    const watch = new MutationObserver(() => {
      waited ||= document.body.textContent?.includes('Loading software…') ?? false;
    });
    watch.observe(document.body, { childList: true, subtree: true, characterData: true });
    render(
      <Providers locale="en">
        <SoftwareScreen locale="en" />
      </Providers>,
    );
    await screen.findByRole('region', { name: 'QGIS' });
    watch.disconnect();
    expect(waited).toBe(false);
    expect(urls).toEqual([]);
  });

  it('reads an empty list again, as its own read would be', async () => {
    const urls = stubApi(json(200, releases));
    brought([]);
    render(
      <Providers locale="en">
        <SoftwareScreen locale="en" />
      </Providers>,
    );
    await screen.findByRole('region', { name: 'QGIS' });
    expect(urls).toHaveLength(1);
  });
});

describe('software page', () => {
  it('lists the products in English: QGIS on its own site, files and store pages', async () => {
    const urls = stubApi(json(200, releases));
    render(
      <Providers locale="en">
        <SoftwareScreen locale="en" />
      </Providers>,
    );
    // Nothing below the spinner for the list to push down when it comes (a layout shift):
    // both seen in one look, before the answer can have drawn the list.
    await waitFor(() => {
      expect(screen.getByRole('status').textContent).toContain('Loading software…');
      expect(screen.queryByRole('heading', { name: 'Plugin for QGIS' })).toBeNull();
    });
    await screen.findByRole('region', { name: 'QGIS' });
    const query = new URL(urls[0] ?? '', 'http://x').searchParams;
    expect([...query]).toEqual([
      ['tag', 'latest'],
      ['option', 'type:stable'],
    ]);
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'QGIS',
      'Formbuilder',
      'Mobile',
      'Collector',
      'Plugin for QGIS',
    ]);

    const qgis = within(section('QGIS'));
    const site = qgis.getByRole('link', { name: /Download from qgis\.org/ });
    expect(hrefOf(site)).toBe('https://qgis.org/download/');
    expect(site.getAttribute('target')).toBe('_blank');
    expect(qgis.queryByRole('link', { name: /installer/ })).toBeNull();

    const formbuilder = within(section('Formbuilder'));
    expect(formbuilder.getByRole('heading', { name: 'Windows (64-bit)' })).toBeTruthy();
    const network = formbuilder.getByRole('link', {
      name: /^Formbuilder, Windows \(64-bit\): Network installer/,
    });
    expect(hrefOf(network)).toBe(
      '/api/v1/releases/201/download?save_as=formbuilder-setup-win64-network.exe',
    );
    expect(network.getAttribute('download')).toBe('formbuilder-setup-win64-network.exe');
    expect(network.textContent).toContain('1.8 kB');
    expect(hrefOf(formbuilder.getByRole('link', { name: /macOS: Standalone installer/ }))).toBe(
      '/api/v1/releases/202/download?save_as=formbuilder-setup-mac-standalone.dmg',
    );

    const collector = within(section('Collector'));
    const play = collector.getByRole('link', { name: /Android: Get it on Google Play/ });
    expect(hrefOf(play)).toBe(
      'https://play.google.com/store/apps/details?id=com.example.gis.collector&hl=en',
    );
    expect(hrefOf(collector.getByRole('link', { name: /iOS: Standalone installer/ }))).toBe(
      '/api/v1/releases/402/download?save_as=collector-ios-standalone.ipa',
    );
    expect(screen.queryByRole('region', { name: 'Tracker' })).toBeNull();
    expect(screen.getByRole('link', { name: /QGIS plugin repository/ })).toBeTruthy();
  });

  it('offers the QGIS files themselves in Russian, store pages in Russian', async () => {
    stubApi(json(200, releases));
    render(
      <Providers locale="ru">
        <SoftwareScreen locale="ru" />
      </Providers>,
    );
    const qgis = within(await screen.findByRole('region', { name: 'QGIS' }));
    expect(qgis.queryByRole('link', { name: /qgis\.org/ })).toBeNull();
    expect(
      hrefOf(qgis.getByRole('link', { name: /^QGIS, Windows \(64 бит\): Автономный установщик/ })),
    ).toBe('/api/v1/releases/102/download?save_as=qgis-setup-win64-standalone.exe');
    expect(qgis.getByText('Для компьютера')).toBeTruthy();
    const mobile = within(section('Mobile'));
    expect(hrefOf(mobile.getByRole('link', { name: /Android: Установить из Google Play/ }))).toBe(
      'https://play.google.com/store/apps/details?id=com.example.gis.mobile&hl=ru',
    );
    expect(screen.getByRole('heading', { name: 'Модуль для QGIS' })).toBeTruthy();
  });

  it('keeps the signed query the server put in a link', async () => {
    const signed = '?user=7&expires=1700000000&signature=abc-_';
    const withToken = releases.map((r) => ({
      ...r,
      files: r.files.map((f) => ({ ...f, link: `${f.link}${signed}` })),
    }));
    stubApi(json(200, withToken));
    render(
      <Providers locale="ru">
        <SoftwareScreen locale="ru" />
      </Providers>,
    );
    const qgis = within(await screen.findByRole('region', { name: 'QGIS' }));
    expect(hrefOf(qgis.getByRole('link', { name: /macOS: Сетевой установщик/ }))).toBe(
      `/api/v1/releases/103/download${signed}&save_as=qgis-setup-mac-network.dmg`,
    );
  });

  it('says it could not load the software for an empty list, with the simple error', async () => {
    const user = userEvent.setup({ delay: null });
    const errors = toasts();
    stubApi(json(200, []), json(200, releases));
    render(
      <Providers locale="en">
        <SoftwareScreen locale="en" />
      </Providers>,
    );
    expect(await screen.findByText("Couldn't load software data")).toBeTruthy();
    expect(errors).toMatchObject([
      { detail: 'Product installers list is empty', source: { pointer: '' } },
    ]);
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByRole('region', { name: 'QGIS' });
    expect(screen.queryByText("Couldn't load software data")).toBeNull();
  });

  it('says the same in Russian when the call fails, the error going to the toast', async () => {
    const errors = toasts();
    stubApi(json(500, { code: 'system', detail: 'Something went wrong. Try again later.' }));
    render(
      <Providers locale="ru">
        <SoftwareScreen locale="ru" />
      </Providers>,
    );
    expect(await screen.findByText('Не удалось загрузить данные о программах')).toBeTruthy();
    await waitFor(() => expect(errors).toMatchObject([{ code: 'system', status: 500 }]));
    expect(screen.getByRole('button', { name: 'Попробовать ещё раз' })).toBeTruthy();
  });

  it('treats an answer that breaks the contract as a failure', async () => {
    toasts();
    stubApi(json(200, [{ ...releases[0], product: 'arcgis' }]));
    render(
      <Providers locale="en">
        <SoftwareScreen locale="en" />
      </Providers>,
    );
    expect(await screen.findByText("Couldn't load software data")).toBeTruthy();
  });
});
