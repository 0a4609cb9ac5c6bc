import { useEffect, useState, type ComponentType } from 'react';
import { answerReauthRequests } from '../flows/reauth-requests.ts';
import type { ReauthScreenProps } from '../views/reauth/reauth-screen.tsx';

/** The dialog is loaded when first asked for: most visits never need it. */
const loadScreen = () => import('../views/reauth/reauth-screen.tsx').then((m) => m.default);

let asked = 0;

interface Request {
  id: number;
  Screen: ComponentType<ReauthScreenProps>;
  resolve: (proven: boolean) => void;
}

/**
 * Where the app's one re-auth dialog opens (decision 0215): the API client asks here
 * when a sensitive call answered `reauth_required`, and hears whether the user proved
 * who they are. A dialog that cannot load (the network gone) is a cancel: the call's
 * page shows the refusal instead of waiting for ever.
 */
export function ReauthHost() {
  const [request, setRequest] = useState<Request | null>(null);
  useEffect(
    () =>
      answerReauthRequests(
        () =>
          new Promise<boolean>((resolve) => {
            loadScreen().then(
              (Screen) => setRequest({ id: (asked += 1), Screen, resolve }),
              () => resolve(false),
            );
          }),
      ),
    [],
  );
  if (!request) return null;
  const { id, Screen, resolve } = request;
  return (
    <Screen
      key={id}
      onDone={({ proven }) => {
        setRequest(null);
        resolve(proven);
      }}
    />
  );
}
