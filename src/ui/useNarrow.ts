/** Whether the page is as narrow as a phone: the width at which the stylesheets' phone rules apply. */
import { useSyncExternalStore } from 'react';

/** A phone's width, the same as the `@media (max-width: 600px)` rules of the stylesheets. */
const NARROW = '(max-width: 600px)';

export function useNarrow(): boolean {
  return useSyncExternalStore(
    (changed) => {
      const query = window.matchMedia(NARROW);
      query.addEventListener('change', changed);
      return () => query.removeEventListener('change', changed);
    },
    () => window.matchMedia(NARROW).matches,
  );
}
