/**
 * A number that bumps when the page theme may have changed: the root's
 * `data-theme` or class, or the system's light/dark preference. A canvas
 * cannot follow CSS variables by itself, so the strip redraws, and re-reads
 * its palette, whenever this changes.
 */
import { useEffect, useState } from 'react';

/** Bumps when the page theme may have changed, so the canvas re-reads its colours. */
export function useThemeVersion(): number {
  const [version, setVersion] = useState(0);
  useEffect(() => {
    const bump = () => setVersion((v) => v + 1);
    const observer = new MutationObserver(bump);
    observer.observe(document.documentElement, {
      attributes: true,
      attributeFilter: ['data-theme', 'class'],
    });
    const media = window.matchMedia?.('(prefers-color-scheme: dark)');
    media?.addEventListener('change', bump);
    return () => {
      observer.disconnect();
      media?.removeEventListener('change', bump);
    };
  }, []);
  return version;
}
