import { Stack, Text } from '@chakra-ui/react';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { RefObject } from 'react';
import type { reauthMachine } from '../../../machines/reauth.machine.ts';
import { Button } from '../../components/button.tsx';
import * as Dialog from '../../components/dialog.tsx';
import { Busy } from '../../components/status.tsx';
import { socialStartUrl } from '../../flows/social-start.ts';
import { errorText } from '../../forms/messages.ts';
import { ProviderMark, providerNames } from '../login/social-buttons.tsx';
import type { MachineViewProps } from '../machine-view.ts';
import { ReauthFormView } from './reauth-form.view.tsx';

export interface ReauthViewProps extends MachineViewProps<typeof reauthMachine> {
  formRef?: RefObject<HTMLFormElement | null>;
  /** The page a provider's sign-in comes back to. */
  returnTo: string;
}

/** Why the browser gave no passkey: the dialog's own codes, besides the server's. */
const browserWords: Record<string, MessageDescriptor> = {
  passkey_cancelled: msg`No passkey was used: it was cancelled or took too long.`,
  passkey_unsupported: msg`This browser cannot use passkeys.`,
};

/**
 * The re-auth dialog: open until the machine ends. The password with Confirm; for an
 * account without a password, a sign-in with each linked provider that comes back to
 * this page; for an account with a passkey, Use a passkey besides. Cancel (or Escape,
 * or the corner's button) leaves the action refused.
 */
export function ReauthView({ snapshot, send, formRef, returnTo }: ReauthViewProps) {
  const { t, i18n } = useLingui();
  const state = snapshot.value;
  const checking = state === 'checking' || state === 'checkingPasskey';
  const cancel = () => send({ type: 'reauth.cancel' });
  const { passkeyError } = snapshot.context;
  const passkey = snapshot.context.proofs.hasPasskey && (
    <Stack gap="2">
      {passkeyError && (
        <Text color="fg.error" role="alert">
          {browserWords[passkeyError]
            ? i18n._(browserWords[passkeyError])
            : errorText((d) => i18n._(d), { code: passkeyError, detail: '' })}
        </Text>
      )}
      <Button
        variant="outline"
        loading={state === 'checkingPasskey'}
        disabled={state === 'checking'}
        onClick={() => send({ type: 'passkey.use' })}
      >
        {t`Use a passkey`}
      </Button>
    </Stack>
  );
  const body = (() => {
    switch (state) {
      case 'loading':
        return <Busy label={t`Loading…`} quiet />;
      case 'loadFailed':
        return (
          <Stack gap="3" align="flex-start">
            <Text color="fg.error">{t`Something went wrong. Try again later.`}</Text>
            <Button onClick={() => send({ type: 'reauth.retry' })}>{t`Try again`}</Button>
          </Stack>
        );
      case 'asking':
      case 'checking':
      case 'checkingPasskey':
      case 'proven':
      case 'cancelled': {
        const { proofs, serverErrors } = snapshot.context;
        if (proofs.hasPassword) {
          return (
            <Stack gap="3">
              <Text>{t`For your security, enter your password again to continue.`}</Text>
              <ReauthFormView
                busy={checking}
                serverErrors={serverErrors}
                send={send}
                formRef={formRef}
              />
              {passkey}
            </Stack>
          );
        }
        return (
          <Stack gap="3">
            <Text>
              {proofs.hasPasskey
                ? t`For your security, confirm with your passkey, or sign in again with your linked account. After that sign-in you'll come back to this page; then repeat the action.`
                : t`For your security, sign in again with your linked account. You'll come back to this page; then repeat the action.`}
            </Text>
            {passkey}
            {proofs.providers.map((provider) => (
              <Button key={provider} asChild variant="outline">
                <a href={socialStartUrl(provider, 'login', returnTo)}>
                  <ProviderMark provider={provider} />
                  {t`Continue with ${providerNames[provider]}`}
                </a>
              </Button>
            ))}
          </Stack>
        );
      }
      default:
        return state satisfies never;
    }
  })();
  return (
    <Dialog.Frame
      open={state !== 'proven' && state !== 'cancelled'}
      title={t`Confirm it's you`}
      maxW="md"
      onClose={checking ? undefined : cancel}
      closeOnInteractOutside={false}
      closeLabel={t`Cancel`}
      footer={
        <Button variant="outline" onClick={cancel} disabled={checking}>
          {t`Cancel`}
        </Button>
      }
    >
      {body}
    </Dialog.Frame>
  );
}
