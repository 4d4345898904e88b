/**
 * The summarization prompts as the user edited them: saved on this device
 * (a prompt is not secret, unlike a key), carried by share links, and sent
 * with every preview. Only edits are kept; an empty field is the default.
 */
import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import {
  DEFAULT_PROMPTS,
  promptChanges,
  readPromptOverrides,
  type PromptId,
  type PromptOverrides,
} from '../core/prompts';
import { guardedStorage, storageKey, type Restored, type StorageArea, type StoredRecord } from './stored';

interface StoredPrompts {
  prompts: PromptOverrides;
}

interface PromptState extends StoredPrompts {
  /** The user typed in a prompt; text equal to the default is no edit. */
  set(id: PromptId, text: string): void;
  /** One click back to the default text. */
  reset(id: PromptId): void;
  resetAll(): void;
  /** A link brought its sender's prompts: they replace these, defaults included. */
  applyLink(prompts: PromptOverrides): void;
}

export function restorePrompts(data: unknown, version: number | undefined): Restored<StoredPrompts> {
  if (version !== 1) {
    return {
      value: { prompts: {} },
      notices: [
        'The saved prompts were written by another version of the app; the default prompts are used.',
      ],
    };
  }
  const stored =
    typeof data === 'object' && data !== null ? (data as Record<string, unknown>).prompts : undefined;
  const { prompts, problems } = readPromptOverrides(stored);
  return {
    value: { prompts: promptChanges(prompts) },
    notices: problems.map((p) => `A saved prompt was left out (${p}); its default is used.`),
  };
}

export const PROMPT_RECORD: StoredRecord<StoredPrompts> = {
  name: 'prompts',
  version: 1,
  label: 'the saved prompts',
  restore: restorePrompts,
};

const localArea = (): StorageArea => localStorage;

export const usePrompts = create<PromptState>()(
  persist(
    (set) => ({
      prompts: {},
      set: (id, text) =>
        set((state) => {
          const prompts = { ...state.prompts };
          if (text === DEFAULT_PROMPTS[id]) delete prompts[id];
          else prompts[id] = text;
          return { prompts };
        }),
      reset: (id) =>
        set((state) => {
          const prompts = { ...state.prompts };
          delete prompts[id];
          return { prompts };
        }),
      resetAll: () => set({ prompts: {} }),
      applyLink: (prompts) => set({ prompts: promptChanges(prompts) }),
    }),
    {
      name: storageKey(PROMPT_RECORD),
      version: PROMPT_RECORD.version,
      storage: guardedStorage(PROMPT_RECORD, localArea, { prompts: {} }),
      partialize: (s): StoredPrompts => ({ prompts: s.prompts }),
    },
  ),
);

/** What a request sends: only the edits that say something (a blank field is the default). */
export function sentPrompts(state: StoredPrompts): PromptOverrides {
  return promptChanges(state.prompts);
}
