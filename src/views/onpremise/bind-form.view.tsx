import { Stack } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { BindingCreate } from '../../../contract/onpremise.ts';
import type { OnpremiseEvent } from '../../../machines/onpremise.machine.ts';
import { onpremiseErrorMessages } from '../../flows/onpremise-messages.ts';
import * as Form from '../../forms/kit.tsx';
import type { FormDraft } from '../../forms/use-form-draft.ts';
import { DraftOfferView } from '../draft-offer.view.tsx';

export interface BindFormViewProps extends Form.ViewProps<OnpremiseEvent> {
  /** The edit kept when the session ended, offered above the form (decision 0025). */
  draft: FormDraft;
}

/** The form to bind one more identifier, with an optional label. */
export function BindFormView(props: BindFormViewProps) {
  const { draft } = props;
  const { t } = useLingui();
  const kit = Form.useMachineForm(props, {
    defaultValues: { identifier: '', label: '' },
    schema: BindingCreate,
    // The form's own rules speak through codes; these are the page's own words.
    messages: onpremiseErrorMessages,
  });
  return (
    <Form.Root kit={kit} label={t`Bind an identifier`}>
      <DraftOfferView snapshot={draft.snapshot} send={draft.send} />
      <Stack gap="row">
        <Form.TextField
          kit={kit}
          name="identifier"
          label={t`Identifier`}
          required
          autoComplete="off"
          spellCheck={false}
          placeholder="XXXX-XXXX-XXXX-XXXX-XXXX-XXXX-XXXX-XXXX"
          helperText={t`As the server printed it at setup: eight groups of four letters or digits`}
        />
        <Form.TextField
          kit={kit}
          name="label"
          label={t`Label`}
          autoComplete="off"
          helperText={t`Optional: a name to tell your installations apart`}
        />
        <Form.Submit kit={kit} alignSelf="flex-start" busyText={t`Binding…`}>
          {t`Bind`}
        </Form.Submit>
      </Stack>
    </Form.Root>
  );
}
