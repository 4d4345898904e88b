/** Page state that is not the transcript or the settings. */
import { create } from 'zustand';
import { STORAGE_PREFIX, useStoredNotices } from './stored';

export type Theme = 'light' | 'dark';

/**
 * Set before the store changes, not in an effect after the render: components
 * that read colours from the CSS variables during render must see the new theme.
 */
function applyTheme(theme: Theme): Theme {
  if (globalThis.document) document.documentElement.dataset.theme = theme;
  return theme;
}

const THEME_KEY = `${STORAGE_PREFIX}theme`;

function initialTheme(): Theme {
  let stored: string | null = null;
  try {
    stored = globalThis.localStorage?.getItem(THEME_KEY) ?? null;
  } catch {
    // Storage refused (a privacy setting): the system's preference decides.
  }
  if (stored === 'light' || stored === 'dark') return applyTheme(stored);
  if (stored !== null) {
    useStoredNotices
      .getState()
      .add([`The saved theme ${JSON.stringify(stored.slice(0, 40))} is not known; the system's is used.`]);
  }
  return applyTheme(globalThis.matchMedia?.('(prefers-color-scheme: dark)').matches ? 'dark' : 'light');
}

interface UiState {
  selected: number | null;
  /** Bumped on every selection made elsewhere, so the list scrolls even to the same row again. */
  scrollRequest: number;
  /** The last scroll request also asks the list to come into view and open the row (a bar clicked in the strip). */
  openRequested: boolean;
  theme: Theme;
  reportOpen: boolean;
  /** "Compare all strategies": the other strategies' cuts on the strip and the strategy table. */
  compareAll: boolean;
  setCompareAll(on: boolean): void;
  select(index: number | null, scroll?: boolean, open?: boolean): void;
  setTheme(theme: Theme): void;
  setReportOpen(open: boolean): void;
}

export const useUi = create<UiState>()((set) => ({
  selected: null,
  scrollRequest: 0,
  openRequested: false,
  theme: initialTheme(),
  reportOpen: false,
  compareAll: false,
  setCompareAll: (compareAll) => set({ compareAll }),
  select: (index, scroll = false, open = false) =>
    set((state) => ({
      selected: index,
      scrollRequest: scroll ? state.scrollRequest + 1 : state.scrollRequest,
      openRequested: scroll && open,
    })),
  setTheme: (theme) => {
    try {
      globalThis.localStorage?.setItem(THEME_KEY, theme);
    } catch {
      // Not kept for the next visit; this one still changes.
    }
    set({ theme: applyTheme(theme) });
  },
  setReportOpen: (reportOpen) => set({ reportOpen }),
}));
