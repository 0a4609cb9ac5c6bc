import { Separator } from '@chakra-ui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { inspect } from '../../flows/inspect.ts';
import { livePasskeysMachine } from '../../flows/passkeys.flow.ts';
import { PasskeysView } from './passkeys.view.tsx';

/** The security page's "Passkeys" block on its live machine, after a separator. */
export function PasskeysBlock() {
  const passkeys = useActorRef(livePasskeysMachine, { inspect });
  const snapshot = useSelector(passkeys, (s) => s);
  return (
    <>
      <Separator />
      <PasskeysView snapshot={snapshot} send={passkeys.send} />
    </>
  );
}
