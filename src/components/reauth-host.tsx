import { lazy, Suspense, useEffect, useState } from 'react';
import { answerReauthRequests } from '../flows/reauth-requests.ts';

/** The dialog is loaded when first asked for: most visits never need it. */
const ReauthScreen = lazy(() => import('../views/reauth/reauth-screen.tsx'));

let asked = 0;

/**
 * Where the app's one re-auth dialog opens (decision 0215): the API client asks here
 * when a sensitive call answered `reauth_required`, and hears whether the user proved
 * who they are.
 */
export function ReauthHost() {
  const [request, setRequest] = useState<{
    id: number;
    resolve: (proven: boolean) => void;
  } | null>(null);
  useEffect(
    () =>
      answerReauthRequests(
        () => new Promise<boolean>((resolve) => setRequest({ id: (asked += 1), resolve })),
      ),
    [],
  );
  if (!request) return null;
  return (
    <Suspense fallback={null}>
      <ReauthScreen
        key={request.id}
        onDone={({ proven }) => {
          setRequest(null);
          request.resolve(proven);
        }}
      />
    </Suspense>
  );
}
