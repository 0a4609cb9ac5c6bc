import { liveWebgisCreateMachine } from '../../flows/webgis-create.flow.ts';
import { useFormFlow } from '../../forms/use-form-flow.ts';
import type { Webgis } from '../../../contract/webgis.ts';
import type { Locale } from '../../i18n/locale.ts';
import { CreateView } from './create.view.tsx';

export interface CreateScreenProps {
  username: string;
  locale: Locale;
  /** The creation ended (started, or the 60 s passed): the instance as last seen. */
  onDone: (webgis: Webgis | null) => void;
  /** Tests pass the machine with their own actors. */
  machine?: typeof liveWebgisCreateMachine;
}

/** /webgis/create: the webgis-create machine, drawn by CreateView. */
export function CreateScreen({
  username,
  locale,
  onDone,
  machine = liveWebgisCreateMachine,
}: CreateScreenProps) {
  const { actorRef, snapshot, formRef } = useFormFlow(machine, {
    input: { username, language: locale },
    onDone,
  });
  return <CreateView snapshot={snapshot} send={actorRef.send} locale={locale} formRef={formRef} />;
}
