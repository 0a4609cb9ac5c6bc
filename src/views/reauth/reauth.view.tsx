import { Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import type { RefObject } from 'react';
import type { reauthMachine } from '../../../machines/reauth.machine.ts';
import { Button } from '../../components/button.tsx';
import * as Dialog from '../../components/dialog.tsx';
import { Busy } from '../../components/status.tsx';
import { socialStartUrl } from '../../flows/social-start.ts';
import { ProviderMark, providerNames } from '../login/social-buttons.tsx';
import type { MachineViewProps } from '../machine-view.ts';
import { ReauthFormView } from './reauth-form.view.tsx';

export interface ReauthViewProps extends MachineViewProps<typeof reauthMachine> {
  formRef?: RefObject<HTMLFormElement | null>;
  /** The page a provider's sign-in comes back to. */
  returnTo: string;
}

/**
 * The re-auth dialog: open until the machine ends. The password with Confirm; for an
 * account without a password, a sign-in with each linked provider that comes back to
 * this page. Cancel (or Escape, or the corner's button) leaves the action refused.
 */
export function ReauthView({ snapshot, send, formRef, returnTo }: ReauthViewProps) {
  const { t } = useLingui();
  const state = snapshot.value;
  const checking = state === 'checking';
  const cancel = () => send({ type: 'reauth.cancel' });
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
            </Stack>
          );
        }
        return (
          <Stack gap="3">
            <Text>
              {t`For your security, sign in again with your linked account. You'll come back to this page; then repeat the action.`}
            </Text>
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
