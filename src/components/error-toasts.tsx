import { lazy, Suspense, useEffect, useState } from 'react';

/**
 * The toaster is loaded with the first error, not with the page: most visits
 * never show one, and its code is a tenth of the first visit's JavaScript.
 */
const AppToaster = lazy(() => import('./toaster.tsx'));

let wanted = false;
let mount: (() => void) | null = null;

export function ToastHost() {
  const [shown, setShown] = useState(wanted);
  useEffect(() => {
    mount = () => setShown(true);
    return () => {
      mount = null;
    };
  }, []);
  return shown ? (
    <Suspense fallback={null}>
      <AppToaster />
    </Suspense>
  ) : null;
}

/** Section 8: an error no field subscribed to shows as a red toast for 10 seconds. */
export function showErrorToast(detail: string): void {
  wanted = true;
  mount?.();
  void import('./toaster.tsx').then(({ showToast }) => showToast(detail));
}
