import { Separator } from '@chakra-ui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { inspect } from '../../flows/inspect.ts';
import { livePasskeysMachine } from '../../flows/passkeys.flow.ts';
import { PasskeysView } from './passkeys.view.tsx';

/**
 * The security page's "Passkeys" block on its live machine, after a separator. `onMark`
 * hears what the account's passkeys are whenever the list rests (null while it loads or
 * changes), so the page can tell a change.
 */
export function PasskeysBlock({ onMark }: { onMark?: (mark: string | null) => void }) {
  const passkeys = useActorRef(livePasskeysMachine, { inspect });
  const snapshot = useSelector(passkeys, (s) => s);
  const mark = snapshot.matches('ready') ? snapshot.context.passkeys.map((p) => p.id).join() : null;
  useEffect(() => onMark?.(mark), [mark, onMark]);
  return (
    <>
      <Separator />
      <PasskeysView snapshot={snapshot} send={passkeys.send} />
    </>
  );
}
