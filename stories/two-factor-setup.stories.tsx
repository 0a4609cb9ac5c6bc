import type { Meta, StoryObj } from '@storybook/react-vite';
import { renderSVG } from 'uqr';
import {
  twoFactorSetupMachine,
  type TwoFactorSetupContext,
} from '../machines/two-factor-setup.machine.ts';
import { TwoFactorView } from '../src/views/security/two-factor-setup.view.tsx';
import { refusedAt } from './args.ts';
import { renderState, type StateArgs } from './state.tsx';

type Args = StateArgs<
  typeof twoFactorSetupMachine,
  | 'loading'
  | 'loadFailed'
  | 'off'
  | 'starting'
  | 'scanning'
  | 'confirming'
  | 'showingCodes'
  | 'on'
  | 'regenerating'
  | 'confirmingDisable'
  | 'disabling'
>;

const base: TwoFactorSetupContext = {
  setup: null,
  codes: [],
  codesLeft: 10,
  error: null,
  serverErrors: {},
};
const uri =
  'otpauth://totp/GIS%20Account:ann%40example.com?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const scanning: TwoFactorSetupContext = {
  ...base,
  // The QR code as the server draws it.
  setup: {
    uri,
    secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
    qr_svg: renderSVG(uri, { ecc: 'M', border: 2 }),
  },
};
const codes = [
  'k7dq-m2xp',
  'a9rt-wn4e',
  'h3vb-c8yf',
  'p6js-t2gm',
  'x4ne-q7ka',
  'r8uw-d3hz',
  'm5yc-f9tb',
  'e2gk-v6ps',
  'w7ha-n3rd',
  'b4tx-j8qe',
];

/** "Authenticator app" on /security (decision 0218): one story per state. */
const meta = {
  title: 'Flows/Authenticator app',
  render: renderState(twoFactorSetupMachine, TwoFactorView),
  args: { value: 'off', context: base },
} satisfies Meta<Args>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Loading: Story = { args: { value: 'loading' } };
export const LoadFailed: Story = { args: { value: 'loadFailed' } };
export const Off: Story = {};
export const OffAfterCancelledReauth: Story = {
  args: { context: { ...base, error: 'reauth_required' } },
};
export const Starting: Story = { args: { value: 'starting' } };
export const Scanning: Story = { args: { value: 'scanning', context: scanning } };
export const WrongFirstCode: Story = {
  args: {
    value: 'scanning',
    context: refusedAt(scanning, 'code', 'wrong_confirmation_code', 'x'),
  },
};
export const Confirming: Story = { args: { value: 'confirming', context: scanning } };
export const ShowingCodes: Story = { args: { value: 'showingCodes', context: { ...base, codes } } };
export const On: Story = { args: { value: 'on', context: { ...base, codesLeft: 7 } } };
export const OnAfterRefusal: Story = {
  args: { value: 'on', context: { ...base, error: 'reauth_required' } },
};
export const Regenerating: Story = { args: { value: 'regenerating' } };
export const ConfirmingDisable: Story = { args: { value: 'confirmingDisable' } };
export const Disabling: Story = { args: { value: 'disabling' } };
