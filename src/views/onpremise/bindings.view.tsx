import { Alert, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { TitledSection } from '../../components/titled.tsx';
import type { RefObject } from 'react';
import type { onpremiseMachine } from '../../../machines/onpremise.machine.ts';
import { Busy, RetryAlert } from '../../components/status.tsx';
import { useDraft } from '../../forms/use-form-draft.ts';
import type { Locale } from '../../i18n/locale.ts';
import { BindFormView } from './bind-form.view.tsx';
import { BindingListView } from './binding-list.view.tsx';
import { UnbindDialogView } from './unbind-dialog.view.tsx';
import type { MachineViewProps } from '../machine-view.ts';

export interface BindingsViewProps extends MachineViewProps<typeof onpremiseMachine> {
  locale: Locale;
  formRef?: RefObject<HTMLFormElement | null>;
}

/** The identifier binding screen: the list, the limit, the form, the unbind confirmation. */
export function BindingsView({ snapshot, send, locale, formRef }: BindingsViewProps) {
  const { t } = useLingui();
  const { context } = snapshot;
  // An identifier typed when the session ended is offered back; a bind drops it.
  const draft = useDraft('onpremise-binding', context.notice === 'bound');
  const title = t`Bound identifiers`;
  if (snapshot.matches({ premium: 'loading' })) {
    return (
      <TitledSection title={title}>
        <Busy label={t`Loading identifiers…`} />
      </TitledSection>
    );
  }
  if (snapshot.matches({ premium: 'failed' })) {
    return (
      <TitledSection title={title}>
        <RetryAlert
          message={t`Couldn't load your bound identifiers. Please try again.`}
          onRetry={() => send({ type: 'bindings.retry' })}
        />
      </TitledSection>
    );
  }
  const count = context.bindings.length;
  const max = context.max;
  const notified = snapshot.matches({ premium: { ready: { idle: 'notified' } } });
  return (
    <TitledSection title={title} gap="5" maxW="3xl">
      <Text color="fg.muted">{t`${count} of ${max} identifiers bound`}</Text>
      {notified && context.notice && (
        <Alert.Root status="success" role="status">
          <Alert.Indicator />
          <Alert.Title>
            {context.notice === 'bound' ? t`The identifier is bound` : t`The identifier is unbound`}
          </Alert.Title>
        </Alert.Root>
      )}
      <BindingListView
        bindings={context.bindings}
        locale={locale}
        canUnbind={(id) => snapshot.can({ type: 'binding.unbind', id })}
        onUnbind={(id) => send({ type: 'binding.unbind', id })}
      />
      {context.full ? (
        <Alert.Root status="info">
          <Alert.Indicator />
          <Alert.Title>
            {t`You have bound ${max} identifiers, as many as an account may have. Unbind one to bind another.`}
          </Alert.Title>
        </Alert.Root>
      ) : (
        <BindFormView
          key={context.added}
          serverErrors={context.serverErrors}
          busy={snapshot.hasTag('binding')}
          send={send}
          draft={draft}
          formRef={formRef}
        />
      )}
      <UnbindDialogView binding={context.pending} busy={snapshot.hasTag('unbinding')} send={send} />
    </TitledSection>
  );
}
