/**
 * Which summarizer the preview uses. The API key lives in memory only,
 * unless the user explicitly asks to remember it on this device.
 */
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { PROVIDER_PRESETS, type PresetId } from '../providers/presets';

export type SummarizerId = 'offline' | PresetId;

interface ProviderState {
  presetId: SummarizerId;
  baseUrl: string;
  model: string;
  apiKey: string;
  /** Opt-in: keep the key in this browser's storage across reloads. */
  remember: boolean;
  instructions: string;
  choose(presetId: SummarizerId): void;
  update(
    patch: Partial<Pick<ProviderState, 'baseUrl' | 'model' | 'apiKey' | 'remember' | 'instructions'>>,
  ): void;
}

export const useProvider = create<ProviderState>()(
  persist(
    (set) => ({
      presetId: 'offline',
      baseUrl: '',
      model: '',
      apiKey: '',
      remember: false,
      instructions: '',
      choose: (presetId) => {
        const preset = PROVIDER_PRESETS.find((p) => p.id === presetId);
        set({ presetId, baseUrl: preset?.baseUrl ?? '', model: preset?.defaultModel ?? '' });
      },
      update: (patch) => set(patch),
    }),
    {
      name: 'compaction-playground:provider',
      version: 1,
      storage: createJSONStorage(() => localStorage),
      // The key is written only when the user ticked "remember on this device".
      partialize: (s) => ({
        presetId: s.presetId,
        baseUrl: s.baseUrl,
        model: s.model,
        remember: s.remember,
        instructions: s.instructions,
        ...(s.remember && s.apiKey ? { apiKey: s.apiKey } : {}),
      }),
    },
  ),
);
