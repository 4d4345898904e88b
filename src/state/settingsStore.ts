/**
 * The settings as the user typed them. Normalization happens where they are
 * used, so the panel can show both the typed and the effective value.
 */
import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { findModelPreset } from '../core/models';
import { DEFAULT_SETTINGS, type Settings } from '../core/settings';
import { idbStorage } from './idbStorage';

interface SettingsState {
  settings: Settings;
  modelId: string | null;
  update(patch: Partial<Settings>): void;
  chooseModel(id: string | null): void;
  reset(): void;
}

export const useSettings = create<SettingsState>()(
  persist(
    (set) => ({
      settings: DEFAULT_SETTINGS,
      modelId: null,
      update: (patch) =>
        set((state) => ({
          settings: { ...state.settings, ...patch },
          modelId: patch.maxContextTokens !== undefined ? null : state.modelId,
        })),
      chooseModel: (id) =>
        set((state) => {
          const model = id ? findModelPreset(id) : undefined;
          if (!model) return { modelId: null };
          return {
            modelId: model.id,
            settings: { ...state.settings, maxContextTokens: model.contextWindow },
          };
        }),
      reset: () => set({ settings: DEFAULT_SETTINGS, modelId: null }),
    }),
    {
      name: 'compaction-playground:settings',
      version: 1,
      storage: idbStorage,
      partialize: (state) => ({ settings: state.settings, modelId: state.modelId }),
      merge: (persisted, current) => {
        const p = (persisted ?? {}) as Partial<SettingsState>;
        return { ...current, modelId: p.modelId ?? null, settings: { ...DEFAULT_SETTINGS, ...p.settings } };
      },
    },
  ),
);
