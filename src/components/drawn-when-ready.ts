import { startTransition, useEffect, useState } from 'react';

/**
 * Whether a page's full view may draw: at once when its data is there at the first
 * draw, else in a React transition once it is, so that React renders the view in short
 * slices instead of one long task (decision 0009). Stays true after (a retry keeps
 * the view, and what was typed in it).
 */
export function useDrawnWhenReady(ready: boolean): boolean {
  const [drawn, setDrawn] = useState(ready);
  useEffect(() => {
    if (ready) startTransition(() => setDrawn(true));
  }, [ready]);
  return drawn;
}
