/** Reads theme colours from the CSS variables, again whenever the theme changes. */
import { useMemo } from 'react';
import { useUi } from '../state/uiStore';

export function useThemeColors<K extends string>(names: readonly K[]): Record<K, string> {
  const theme = useUi((s) => s.theme);
  const key = names.join(',');
  return useMemo(() => {
    void theme;
    const style = getComputedStyle(document.documentElement);
    return Object.fromEntries(
      key.split(',').map((n) => [n, style.getPropertyValue(`--${n}`).trim() || '#888']),
    ) as Record<K, string>;
  }, [theme, key]);
}
