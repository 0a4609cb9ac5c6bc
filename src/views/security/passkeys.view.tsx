import { Alert, Field, Flex, Input, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { PASSKEY_NAME_MAX, type Passkey } from '../../../contract/passkeys.ts';
import type { passkeysMachine } from '../../../machines/passkeys.machine.ts';
import { Button } from '../../components/button.tsx';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { TitledSection } from '../../components/titled.tsx';
import { errorText, maxLengthMessage, validationMessages } from '../../forms/messages.ts';
import { trimTyped } from '../../forms/trim.ts';
import { formatDate } from '../../../contract/dates.ts';
import { SectionLoadingView } from '../profile/section-loading.view.tsx';
import type { MachineViewProps } from '../machine-view.ts';
import { useDeviceWords } from './device-words.ts';

export type PasskeysViewProps = MachineViewProps<typeof passkeysMachine>;

/** Why the browser made no passkey: the block's own codes, besides the server's. */
const browserWords: Record<string, MessageDescriptor> = {
  passkey_cancelled: msg`No passkey was created: it was cancelled or took too long.`,
  passkey_exists: msg`This device already holds a passkey for your account.`,
  passkey_unsupported: msg`This browser cannot create passkeys.`,
};

/** "Passkeys": the account's passkeys, Add a passkey, Rename, Remove after a confirmation. */
export function PasskeysView({ snapshot, send }: PasskeysViewProps) {
  const { t, i18n } = useLingui();
  const { locale } = useDeviceWords();
  const { passkeys, draft, draftError, selected, rename, renameError, error } = snapshot.context;
  const busy = snapshot.hasTag('busy');
  const title = t`Passkeys`;
  if (snapshot.matches('loading')) return <SectionLoadingView title={title} />;
  if (snapshot.matches('loadFailed')) {
    return (
      <TitledSection title={title} align="flex-start">
        <Text color="fg.error">{t`Couldn't load your passkeys.`}</Text>
        <Button onClick={() => send({ type: 'passkeys.retry' })}>{t`Try again`}</Button>
      </TitledSection>
    );
  }
  const problem = (code: string | null) => {
    if (code === null) return null;
    if (code === 'maxLength') return i18n._(maxLengthMessage(PASSKEY_NAME_MAX));
    if (code === 'required') return i18n._(validationMessages.required);
    const own = browserWords[code];
    return own ? i18n._(own) : errorText((d) => i18n._(d), { code, detail: '' });
  };
  const details = (passkey: Passkey) =>
    [
      t`added ${formatDate(passkey.created_at, locale)}`,
      passkey.last_used_at
        ? t`last used ${formatDate(passkey.last_used_at, locale)}`
        : t`not used yet`,
      passkey.synced ? t`synced` : null,
    ]
      .filter(Boolean)
      .join(' · ');
  const renaming = snapshot.matches('renaming') || snapshot.matches('savingName');
  const removing = snapshot.matches('confirming') || snapshot.matches('removing');
  const toRemove = removing ? passkeys.find((p) => p.id === selected) : undefined;
  return (
    <TitledSection title={title}>
      <Text color="fg.muted">
        {t`Sign in with your fingerprint, face or screen lock instead of a password. A passkey stays on your device or in your password manager.`}
      </Text>
      {passkeys.length === 0 ? (
        <Text color="fg.muted">{t`You have no passkeys yet.`}</Text>
      ) : (
        <Stack as="ul" listStyleType="none" gap="3">
          {passkeys.map((passkey) =>
            renaming && selected === passkey.id ? (
              <Stack as="li" key={passkey.id} gap="2">
                <Field.Root invalid={renameError !== null} maxW="md">
                  <Field.Label>{t`New name of the passkey`}</Field.Label>
                  <Input
                    value={rename}
                    autoFocus
                    maxLength={PASSKEY_NAME_MAX + 1}
                    onChange={(e) =>
                      send({ type: 'rename.change', value: trimTyped(e.target.value) })
                    }
                    onKeyDown={(e) => {
                      if (e.key === 'Enter') send({ type: 'rename.save' });
                      if (e.key === 'Escape') send({ type: 'rename.cancel' });
                    }}
                  />
                  {renameError && <Field.ErrorText>{problem(renameError)}</Field.ErrorText>}
                </Field.Root>
                <Flex gap="2">
                  <Button
                    size="sm"
                    loading={snapshot.matches('savingName')}
                    onClick={() => send({ type: 'rename.save' })}
                  >
                    {t`Save`}
                  </Button>
                  <Button
                    size="sm"
                    variant="outline"
                    disabled={busy}
                    onClick={() => send({ type: 'rename.cancel' })}
                  >
                    {t`Cancel`}
                  </Button>
                </Flex>
              </Stack>
            ) : (
              <Flex as="li" key={passkey.id} gap="4" align="center" wrap="wrap">
                <Stack gap="0.5" flex="1" minW="60">
                  <Text as="span" fontWeight="semibold" wordBreak="break-word">
                    {passkey.name}
                  </Text>
                  <Text textStyle="caption">{details(passkey)}</Text>
                </Stack>
                <Flex gap="2">
                  <Button
                    size="sm"
                    variant="outline"
                    disabled={busy || renaming}
                    onClick={() => send({ type: 'rename.start', id: passkey.id })}
                    aria-label={t`Rename ${passkey.name}`}
                  >
                    {t`Rename`}
                  </Button>
                  <Button
                    size="sm"
                    variant="outline"
                    colorPalette="red"
                    disabled={busy || renaming}
                    onClick={() => send({ type: 'passkey.remove', id: passkey.id })}
                    aria-label={t`Remove ${passkey.name}`}
                  >
                    {t`Remove`}
                  </Button>
                </Flex>
              </Flex>
            ),
          )}
        </Stack>
      )}
      {error && (
        <Alert.Root status="error" role="alert">
          <Alert.Indicator />
          <Alert.Title>{problem(error)}</Alert.Title>
        </Alert.Root>
      )}
      <Stack
        as="form"
        gap="2"
        maxW="md"
        onSubmit={(e) => {
          e.preventDefault();
          send({ type: 'passkey.add' });
        }}
      >
        <Field.Root invalid={draftError !== null} disabled={renaming}>
          <Field.Label>{t`Name of the new passkey`}</Field.Label>
          <Input
            name="passkey-name"
            value={draft}
            placeholder={t`For example, Work laptop`}
            maxLength={PASSKEY_NAME_MAX + 1}
            onChange={(e) => send({ type: 'name.change', value: trimTyped(e.target.value) })}
          />
          {draftError && <Field.ErrorText>{problem(draftError)}</Field.ErrorText>}
        </Field.Root>
        <Flex>
          <Button
            type="submit"
            loading={snapshot.matches('adding')}
            disabled={busy || renaming || removing}
          >
            {t`Add a passkey`}
          </Button>
        </Flex>
      </Stack>
      <ConfirmDialog
        open={toRemove !== undefined}
        onCancel={() => send({ type: 'remove.cancel' })}
        onConfirm={() => send({ type: 'remove.confirm' })}
        title={t`Remove the passkey?`}
        subject={toRemove?.name ?? ''}
        message={t`You will no longer be able to sign in with it. The passkey itself stays on the device until you delete it there.`}
        confirmLabel={t`Remove`}
        busy={snapshot.matches('removing')}
        busyLabel={t`Removing…`}
      />
    </TitledSection>
  );
}
