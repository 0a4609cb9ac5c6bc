import { liveWebgisCreateMachine } from '../../flows/webgis-create.flow.ts';
import { useFormFlow } from '../../forms/use-form-flow.ts';
import type { WebgisCreateOutput } from '../../../machines/webgis-create.machine.ts';
import type { Locale } from '../../i18n/locale.ts';
import { CreateView } from './webgis-create.view.tsx';

export interface CreateScreenProps {
  username: string;
  locale: Locale;
  /**
   * The page ended: the creation (started, or the 60 s passed) with the instance as
   * last seen, or at once for a user who has an instance already.
   */
  onDone: (output: WebgisCreateOutput) => void;
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
