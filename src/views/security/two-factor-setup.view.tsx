import { Alert, Box, Code, Flex, Image, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useState, type RefObject } from 'react';
import { TwoFactorCodeForm } from '../../../contract/identity.ts';
import type {
  TwoFactorSetupEvent,
  twoFactorSetupMachine,
} from '../../../machines/two-factor-setup.machine.ts';
import { Button } from '../../components/button.tsx';
import { TitledSection } from '../../components/titled.tsx';
import * as Form from '../../forms/kit-core.tsx';
import { errorText } from '../../forms/messages.ts';
import { SectionLoadingView } from '../profile/section-loading.view.tsx';
import type { MachineViewProps } from '../machine-view.ts';
import { appCodeMessages } from './app-code-messages.ts';

export interface TwoFactorViewProps extends MachineViewProps<typeof twoFactorSetupMachine> {
  formRef?: RefObject<HTMLFormElement | null>;
}

/** "Authenticator app" on /security: set it up, its recovery codes, turn it off. */
export function TwoFactorView({ snapshot, send, formRef }: TwoFactorViewProps) {
  const { t, i18n } = useLingui();
  const title = t`Authenticator app`;
  const state = snapshot.value;
  const { setup, codes, codesLeft, error } = snapshot.context;
  const refusal = error && (
    <Alert.Root status="error" role="alert">
      <Alert.Indicator />
      <Alert.Title>{errorText((d) => i18n._(d), { code: error, detail: '' })}</Alert.Title>
    </Alert.Root>
  );
  switch (state) {
    case 'loading':
      return <SectionLoadingView title={title} />;
    case 'loadFailed':
      return (
        <TitledSection title={title} align="flex-start">
          <Text color="fg.error">{t`Couldn't load the state of the authenticator app.`}</Text>
          <Button onClick={() => send({ type: 'twoFactor.retry' })}>{t`Try again`}</Button>
        </TitledSection>
      );
    case 'off':
    case 'starting':
      return (
        <TitledSection title={title} align="flex-start">
          <Text color="fg.muted">
            {t`Sign in with a code from an app on your phone (Google Authenticator, Microsoft Authenticator, Aegis and the like) after the password: someone who learns the password still cannot sign in.`}
          </Text>
          {refusal}
          <Button
            colorPalette="blue"
            loading={state === 'starting'}
            onClick={() => send({ type: 'twoFactor.start' })}
          >
            {t`Set up the authenticator app`}
          </Button>
        </TitledSection>
      );
    case 'scanning':
    case 'confirming':
      return (
        <TitledSection title={title}>
          <Text>
            {t`Scan the QR code with the authenticator app, or enter the key by hand. Then enter the 6-digit code the app shows.`}
          </Text>
          {setup && (
            <Flex gap="6" wrap="wrap" align="center">
              <Image
                src={`data:image/svg+xml;utf8,${encodeURIComponent(setup.qr_svg)}`}
                alt={t`QR code for the authenticator app`}
                boxSize="48"
                bg="white"
              />
              <Stack gap="1">
                <Text textStyle="caption">{t`Key`}</Text>
                <Code data-testid="totp-secret" fontSize="md" wordBreak="break-all">
                  {setup.secret.replace(/(.{4})(?=.)/g, '$1 ')}
                </Code>
              </Stack>
            </Flex>
          )}
          <SetupCodeFormView
            busy={state === 'confirming'}
            serverErrors={snapshot.context.serverErrors}
            send={send}
            formRef={formRef}
          />
        </TitledSection>
      );
    case 'showingCodes':
      return (
        <TitledSection title={title}>
          <Alert.Root status="success" role="status">
            <Alert.Indicator />
            <Alert.Title>
              {t`Keep these recovery codes in a safe place. Each signs in once instead of the app's code, when the phone is lost. They are shown only now.`}
            </Alert.Title>
          </Alert.Root>
          <RecoveryCodesView codes={codes} />
          <Button
            colorPalette="blue"
            alignSelf="flex-start"
            onClick={() => send({ type: 'codes.done' })}
          >
            {t`I have saved the codes`}
          </Button>
        </TitledSection>
      );
    case 'on':
    case 'regenerating':
    case 'confirmingDisable':
    case 'disabling':
      return (
        <TitledSection title={title} align="flex-start">
          <Text>
            {t`On: signing in asks for the app's code after the password. Recovery codes left: ${codesLeft}.`}
          </Text>
          {refusal}
          {state === 'confirmingDisable' || state === 'disabling' ? (
            <Stack gap="3">
              <Text fontWeight="semibold">
                {t`Turn the authenticator app off? Signing in will need the password only, and the recovery codes will stop working.`}
              </Text>
              <Flex gap="3" wrap="wrap">
                <Button
                  colorPalette="red"
                  loading={state === 'disabling'}
                  onClick={() => send({ type: 'twoFactor.disableConfirmed' })}
                >
                  {t`Turn off`}
                </Button>
                <Button
                  variant="outline"
                  disabled={state === 'disabling'}
                  onClick={() => send({ type: 'twoFactor.cancel' })}
                >
                  {t`Cancel`}
                </Button>
              </Flex>
            </Stack>
          ) : (
            <Flex gap="3" wrap="wrap">
              <Button
                variant="outline"
                loading={state === 'regenerating'}
                onClick={() => send({ type: 'codes.regenerate' })}
              >
                {t`New recovery codes`}
              </Button>
              <Button
                variant="outline"
                colorPalette="red"
                disabled={state === 'regenerating'}
                onClick={() => send({ type: 'twoFactor.disable' })}
              >
                {t`Turn off the authenticator app`}
              </Button>
            </Flex>
          )}
        </TitledSection>
      );
    default:
      return state satisfies never;
  }
}

/** The app's first code, which turns it on; Cancel drops the setup. */
function SetupCodeFormView(props: Form.ViewProps<TwoFactorSetupEvent>) {
  const { t } = useLingui();
  const kit = Form.useMachineForm(props, {
    defaultValues: { code: '' },
    schema: TwoFactorCodeForm,
    messages: appCodeMessages,
  });
  return (
    <Form.Root kit={kit} label={t`Confirm the authenticator app`}>
      <Stack gap="row" maxW="xs">
        <Form.TextField
          kit={kit}
          name="code"
          label={t`Code from the app`}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          required
        />
        <Flex gap="3">
          <Form.Submit kit={kit} busyText={t`Checking…`}>
            {t`Turn on`}
          </Form.Submit>
          <Button
            variant="outline"
            disabled={props.busy}
            onClick={() => props.send({ type: 'twoFactor.cancel' })}
          >
            {t`Cancel`}
          </Button>
        </Flex>
      </Stack>
    </Form.Root>
  );
}

/** The recovery codes, with Copy and Download (a text file). */
function RecoveryCodesView({ codes }: { codes: string[] }) {
  const { t } = useLingui();
  const [copied, setCopied] = useState(false);
  const text = codes.join('\n');
  const copy = () => {
    void navigator.clipboard.writeText(text).then(() => setCopied(true));
  };
  const download = () => {
    const url = URL.createObjectURL(new Blob([`${text}\n`], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'recovery-codes.txt';
    link.click();
    URL.revokeObjectURL(url);
  };
  return (
    <Stack gap="3">
      <Box
        as="ul"
        aria-label={t`Recovery codes`}
        listStyleType="none"
        display="grid"
        gridTemplateColumns="repeat(2, max-content)"
        columnGap="8"
        rowGap="1"
        fontFamily="mono"
        fontSize="lg"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </Box>
      <Flex gap="3" wrap="wrap" align="center">
        <Button variant="outline" onClick={copy}>
          {t`Copy`}
        </Button>
        <Button variant="outline" onClick={download}>
          {t`Download`}
        </Button>
        {copied && <Text role="status">{t`Copied`}</Text>}
      </Flex>
    </Stack>
  );
}
