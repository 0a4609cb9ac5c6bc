import type { Meta, StoryObj } from '@storybook/react-vite';
import { useLingui } from '@lingui/react/macro';
import type { SnapshotFrom } from 'xstate';
import type { Distribution, OperatingSystem, ProductId, Release } from '../contract/software.ts';
import { groupReleases, softwareListMachine } from '../machines/software-list.machine.ts';
import { SoftwareView } from '../src/views/software/software-list.view.tsx';

interface Args {
  value: SnapshotFrom<typeof softwareListMachine>['value'];
  releases: Release[];
}

const installer = (
  id: number,
  product: ProductId,
  version: string,
  os: OperatingSystem,
  dist: Distribution,
  extension: string,
  size: number,
): Release => ({
  id,
  name: `${product} ${version} ${os} ${dist}`,
  product,
  version,
  tags: ['latest'],
  options: { os, dist, type: 'stable' },
  files: [
    {
      id,
      name: `${product}-${version}-${os}-${dist}${extension}`,
      size,
      link: `/api/v1/releases/${id}/download`,
    },
  ],
});
const store = (id: number, product: ProductId, version: string): Release => ({
  id,
  name: `${product} ${version} android`,
  product,
  version,
  tags: ['latest'],
  options: { os: 'android', dist: 'network', type: 'stable' },
  files: [
    {
      id,
      name: 'play.google.com',
      size: null,
      link: `https://play.google.com/store/apps/details?id=com.example.gis.${product}`,
    },
  ],
});
const desktop = (base: number, product: ProductId, version: string) => [
  installer(base, product, version, 'win64', 'network', '.exe', 4_200_000),
  installer(base + 1, product, version, 'win64', 'standalone', '.exe', 812_000_000),
  installer(base + 2, product, version, 'mac', 'network', '.dmg', 5_100_000),
  installer(base + 3, product, version, 'mac', 'standalone', '.dmg', 934_000_000),
];
const ios = (base: number, product: ProductId, version: string) => [
  installer(base, product, version, 'ios', 'network', '.ipa', 38_000_000),
  installer(base + 1, product, version, 'ios', 'standalone', '.ipa', 91_000_000),
];

/** The seeded development set, as the server lists it. */
const everything: Release[] = [
  ...desktop(101, 'qgis', '3.40.1'),
  ...desktop(201, 'formbuilder', '2.6.0'),
  store(301, 'mobile', '2.9.3'),
  store(401, 'collector', '3.2.0'),
  ...ios(402, 'collector', '3.2.0'),
  store(501, 'tracker', '1.4.0'),
  ...ios(502, 'tracker', '1.4.0'),
];

/** The page locale follows the story's language, as the address does in the app. */
function Page({ value, releases }: Args) {
  const { i18n } = useLingui();
  return (
    <SoftwareView
      snapshot={softwareListMachine.resolveState({
        value,
        context: { products: groupReleases(releases) },
      })}
      send={() => {}}
      locale={i18n.locale === 'ru' ? 'ru' : 'en'}
    />
  );
}

/**
 * /software: every state of the software-list machine. In English QGIS points to its
 * own site; switch the toolbar to Russian to see its files.
 */
const meta = {
  title: 'Flows/Software',
  render: (args) => <Page {...args} />,
  args: { value: 'loaded', releases: everything },
} satisfies Meta<Args>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Loading: Story = { args: { value: 'loading', releases: [] } };
export const Loaded: Story = {};
export const MobileOnly: Story = {
  args: { releases: everything.filter((r) => r.options.os === 'android') },
};
export const EmptyList: Story = { args: { value: 'empty', releases: [] } };
export const LoadFailed: Story = { args: { value: 'failed', releases: [] } };
