import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { inspect } from '../../flows/inspect.ts';
import type { Locale } from '../../i18n/locale.ts';
import {
  liveWebgisSettingsMachine,
  webgisSettingsInput,
} from '../../flows/webgis-settings.flow.ts';
import { SettingsView } from './webgis-settings.view.tsx';

export interface SettingsScreenProps {
  email: string;
  locale: Locale;
  /** The address said webgis-status=started. */
  showSuccess: boolean;
  /** Takes webgis-status and webgis-transition-status out of the address. */
  onStripQuery: () => void;
  /** Tests pass the machine with their own actors. */
  machine?: typeof liveWebgisSettingsMachine;
}

/** /webgis: the webgis-settings machine, drawn by SettingsView. */
export function SettingsScreen({
  email,
  locale,
  showSuccess,
  onStripQuery,
  machine = liveWebgisSettingsMachine,
}: SettingsScreenProps) {
  // `showSuccess` is read once, at the start: the machine owns the modal from then on.
  const actor = useActorRef(machine, { input: webgisSettingsInput(showSuccess), inspect });
  const strip = useRef(onStripQuery);
  useEffect(() => {
    strip.current = onStripQuery;
  });
  useEffect(() => {
    const sub = actor.on('query.strip', () => strip.current());
    return () => sub.unsubscribe();
  }, [actor]);
  const snapshot = useSelector(actor, (s) => s);
  return <SettingsView snapshot={snapshot} send={actor.send} email={email} locale={locale} />;
}
