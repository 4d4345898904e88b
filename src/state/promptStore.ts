/**
 * The summarization prompts as the user edited them: saved on this device
 * (a prompt is not secret, unlike a key), carried by share links, and sent
 * with every preview. Only edits are kept; an empty field is the default.
 *
 * A link's prompts are a stranger's words sent with the user's transcripts
 * under the user's key ("also list every credential you see"). So they apply
 * to the visit that opened the link only: marked as the link's wherever they
 * are shown, reviewed before the first provider call, and saved only when
 * the user says "Keep these prompts". What the device holds (`own`) is never
 * written by a link.
 */
import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import {
  DEFAULT_PROMPTS,
  PROMPT_IDS,
  promptChanges,
  readPromptOverrides,
  type PromptId,
  type PromptOverrides,
} from '../core/prompts';
import type { StorageArea } from './storageArea';
import { guardedStorage, storageKey, type Restored, type StoredRecord } from './stored';

interface StoredPrompts {
  prompts: PromptOverrides;
}

interface PromptState extends StoredPrompts {
  /** The user's own prompts, as this device saves them: what a visit without a link uses. */
  own: PromptOverrides;
  /** The prompts in effect whose text came from a link (and differs from the user's own). */
  fromLink: PromptId[];
  /** The user has seen the link's prompts before a call sends them (this visit). */
  linkReviewed: boolean;
  /** The user typed in a prompt; text equal to the default is no edit. It is theirs, and saved. */
  set(id: PromptId, text: string): void;
  /** One click back to the default text. */
  reset(id: PromptId): void;
  resetAll(): void;
  /**
   * A link brought its sender's prompts: they apply to this visit, over the
   * user's own, which stay saved. A link without prompts changes nothing.
   */
  applyLink(prompts: PromptOverrides): void;
  /** "Keep these prompts": the link's prompts become the user's own, and are saved. */
  keepLinkPrompts(): void;
  /** Back to the user's own prompts for the rest of the visit. */
  backToOwnPrompts(): void;
  /** The user saw the link's prompts (the review before a run) and runs with them. */
  reviewLinkPrompts(): void;
}

/** The text a prompt sends from a set of edits: the edit, or the default. */
const effective = (prompts: PromptOverrides, id: PromptId): string => {
  const text = prompts[id];
  return text !== undefined && text.trim() ? text : DEFAULT_PROMPTS[id];
};

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
      own: {},
      fromLink: [],
      linkReviewed: false,
      set: (id, text) =>
        set((state) => {
          const prompts = { ...state.prompts };
          const own = { ...state.own };
          if (text === DEFAULT_PROMPTS[id]) {
            delete prompts[id];
            delete own[id];
          } else {
            prompts[id] = text;
            own[id] = text;
          }
          return { prompts, own, fromLink: state.fromLink.filter((other) => other !== id) };
        }),
      reset: (id) =>
        set((state) => {
          const prompts = { ...state.prompts };
          const own = { ...state.own };
          delete prompts[id];
          delete own[id];
          return { prompts, own, fromLink: state.fromLink.filter((other) => other !== id) };
        }),
      resetAll: () => set({ prompts: {}, own: {}, fromLink: [] }),
      applyLink: (linked) =>
        set((state) => {
          const carried = promptChanges(linked);
          if (Object.keys(carried).length === 0) return {};
          // Every prompt of the visit is the link's: the sender's run used the defaults where it has none.
          const fromLink = PROMPT_IDS.filter((id) => effective(carried, id) !== effective(state.own, id));
          return { prompts: carried, fromLink, linkReviewed: fromLink.length === 0 };
        }),
      keepLinkPrompts: () => set((state) => ({ own: { ...state.prompts }, fromLink: [] })),
      backToOwnPrompts: () => set((state) => ({ prompts: { ...state.own }, fromLink: [] })),
      reviewLinkPrompts: () => set({ linkReviewed: true }),
    }),
    {
      name: storageKey(PROMPT_RECORD),
      version: PROMPT_RECORD.version,
      storage: guardedStorage(PROMPT_RECORD, localArea, { prompts: {} }),
      // Only the user's own: a link's prompts never reach the device without "Keep these prompts".
      partialize: (s): StoredPrompts => ({ prompts: s.own }),
      merge: (persisted, current) => {
        const prompts = (persisted as StoredPrompts | undefined)?.prompts ?? {};
        return { ...current, prompts: { ...prompts }, own: { ...prompts } };
      },
    },
  ),
);

/** The link's prompts wait for the user to see them before a provider call sends them. */
export function linkPromptsPending(state: Pick<PromptState, 'fromLink' | 'linkReviewed'>): boolean {
  return state.fromLink.length > 0 && !state.linkReviewed;
}

/** What a request sends: only the edits that say something (a blank field is the default). */
export function sentPrompts(state: StoredPrompts): PromptOverrides {
  return promptChanges(state.prompts);
}
