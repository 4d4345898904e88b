/**
 * Which summarizer the preview uses, and the keys for it.
 *
 * A key belongs to one provider at one address: the key typed for OpenAI is
 * never offered to Groq, and a key remembered for a server is never sent to
 * another one because a link changed the base URL. Keys live in memory
 * unless the user ticks "remember on this device" for that address.
 *
 * A base URL that a share link chose (and no built-in preset uses) is not
 * the user's choice: until the user confirms it in this visit, no key is
 * used with it, nothing is sent there (`providerGate.ts`), and it is not
 * saved, so the next visit opens with what the user had chosen before.
 * Any other summarizer a link chose shapes that visit only too: the user's
 * own choice stays saved until they keep the link's or choose one themselves.
 */
import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { nameMap, withName, type NameMap } from '../core/nameMap';
import type { PresetId } from '../providers/config';
import { PROVIDER_PRESETS, addressOf } from '../providers/presets';
import type { StorageArea } from './storageArea';
import { guardedStorage, storageKey, type Restored, type StoredRecord } from './stored';

export type SummarizerId = 'offline' | PresetId;

/** What the user chose: persisted. */
interface ProviderChoice {
  presetId: SummarizerId;
  baseUrl: string;
  model: string;
}

interface StoredProvider extends ProviderChoice {
  instructions: string;
  /** Keys the user asked this device to remember, by `keyAddress` (any address a person typed: a name map). */
  remembered: NameMap<string>;
}

interface ProviderState extends StoredProvider {
  /** Keys typed in this visit, by `keyAddress`. Memory only. */
  typed: NameMap<string>;
  /** The base URL a link chose that waits for the user's confirmation, or null. */
  unconfirmedBaseUrl: string | null;
  /** What to save while a link's choice holds: the user's own choice from before the link. */
  confirmedChoice: ProviderChoice | null;
  /** The user picked a preset: its address and its own key. */
  choose(presetId: SummarizerId): void;
  /** The user typed in a field. A typed base URL is the user's choice, and the key follows it. */
  update(patch: Partial<Pick<StoredProvider, 'baseUrl' | 'model' | 'instructions'>>): void;
  setKey(key: string): void;
  setRemember(remember: boolean): void;
  /** A link chose the provider. `needsConfirmation`: its base URL is one no preset uses. */
  applyLink(choice: ProviderChoice, needsConfirmation: boolean): void;
  /** "Use this server": the link's base URL may be called, and is the user's choice from now on. */
  confirmBaseUrl(): void;
  /** "Keep this summarizer": the link's choice (at a preset's own address) is saved as the user's. */
  keepLinkChoice(): void;
  /** Back to the user's own summarizer, as saved before the link. */
  backToOwnChoice(): void;
}

/** Where a key may go: one provider at one address. */
export function keyAddress(presetId: SummarizerId, baseUrl: string): string {
  return `${presetId} ${addressOf(baseUrl)}`;
}

/**
 * The key for the current provider and address, or '' while a link's base
 * URL waits for confirmation: the one place that decides which key a
 * request may carry.
 */
export function currentKey(state: ProviderState): string {
  if (state.presetId === 'offline' || state.unconfirmedBaseUrl !== null) return '';
  const address = keyAddress(state.presetId, state.baseUrl);
  return state.typed[address] ?? state.remembered[address] ?? '';
}

export function isRemembered(state: ProviderState): boolean {
  return keyAddress(state.presetId, state.baseUrl) in state.remembered;
}

function presetOf(id: SummarizerId) {
  return PROVIDER_PRESETS.find((p) => p.id === id);
}

const OFFLINE: StoredProvider = {
  presetId: 'offline',
  baseUrl: '',
  model: '',
  instructions: '',
  remembered: nameMap(),
};

const isString = (value: unknown): value is string => typeof value === 'string';

function restoreChoice(stored: Record<string, unknown>, notices: string[]): ProviderChoice {
  if (stored.presetId === 'offline' || stored.presetId === undefined) {
    return { presetId: 'offline', baseUrl: '', model: '' };
  }
  const preset = isString(stored.presetId) ? presetOf(stored.presetId as PresetId) : undefined;
  if (!preset) {
    notices.push(
      `The saved summarizer ${JSON.stringify(stored.presetId)?.slice(0, 60)} is not known to this version; the offline summarizer is selected.`,
    );
    return { presetId: 'offline', baseUrl: '', model: '' };
  }
  return {
    presetId: preset.id,
    baseUrl: isString(stored.baseUrl) ? stored.baseUrl : preset.baseUrl,
    model: isString(stored.model) ? stored.model : preset.defaultModel,
  };
}

/**
 * Version 1 kept one key for every provider, and saved a link's base URL at
 * once. Its key is kept only where it provably belongs: the saved preset at
 * that preset's own address. A base URL that differs from the preset's own
 * may have come from a link, so it goes back to the preset's.
 */
function fromVersion1(stored: Record<string, unknown>, notices: string[]): StoredProvider {
  const choice = restoreChoice(stored, notices);
  const preset = choice.presetId === 'offline' ? undefined : presetOf(choice.presetId);
  const atPresetAddress = !!preset && addressOf(choice.baseUrl) === addressOf(preset.baseUrl);
  if (preset && !atPresetAddress) {
    notices.push(
      `The saved base URL ${choice.baseUrl.slice(0, 200)} was set back to ${preset.label}'s own (${preset.baseUrl || 'empty'}): this version asks before using an address it did not see you type.`,
    );
    choice.baseUrl = preset.baseUrl;
  }
  const remembered = nameMap<string>();
  if (isString(stored.apiKey) && stored.apiKey && stored.remember === true) {
    if (preset && atPresetAddress) remembered[keyAddress(choice.presetId, choice.baseUrl)] = stored.apiKey;
    else
      notices.push(
        'A remembered API key could not be tied to one provider and address, so it was forgotten: enter it again.',
      );
  }
  return { ...choice, instructions: isString(stored.instructions) ? stored.instructions : '', remembered };
}

export function restoreProvider(data: unknown, version: number | undefined): Restored<StoredProvider> {
  const notices: string[] = [];
  const stored = typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : {};
  if (version === 1) return { value: fromVersion1(stored, notices), notices };
  if (version !== 2) {
    notices.push(
      'The saved summarizer choice was written by another version of the app; the offline summarizer is selected.',
    );
    return { value: OFFLINE, notices };
  }
  const remembered = nameMap<string>();
  let dropped = 0;
  if (typeof stored.remembered === 'object' && stored.remembered !== null) {
    for (const [address, key] of Object.entries(stored.remembered)) {
      if (isString(key) && key) remembered[address] = key;
      else dropped++;
    }
  }
  if (dropped)
    notices.push(`${dropped} remembered key${dropped === 1 ? ' was' : 's were'} not text and forgotten.`);
  const instructions = isString(stored.instructions) ? stored.instructions : '';
  return { value: { ...restoreChoice(stored, notices), instructions, remembered }, notices };
}

export const PROVIDER_RECORD: StoredRecord<StoredProvider> = {
  name: 'provider',
  version: 2,
  label: 'the saved summarizer choice',
  restore: restoreProvider,
};

const localArea = (): StorageArea => localStorage;

export const useProvider = create<ProviderState>()(
  persist(
    (set) => ({
      ...OFFLINE,
      typed: nameMap(),
      unconfirmedBaseUrl: null,
      confirmedChoice: null,
      choose: (presetId) => {
        const preset = presetOf(presetId);
        set({
          presetId,
          baseUrl: preset?.baseUrl ?? '',
          model: preset?.defaultModel ?? '',
          unconfirmedBaseUrl: null,
          confirmedChoice: null,
        });
      },
      update: (patch) =>
        set((state) => {
          if (patch.baseUrl === undefined) {
            // A model typed under a link's summarizer makes it the user's (unless its server still waits).
            const adopt = patch.model !== undefined && state.unconfirmedBaseUrl === null;
            return adopt ? { ...patch, confirmedChoice: null } : patch;
          }
          // The user's own typing: the key and its "remember" follow the address being edited.
          const from = keyAddress(state.presetId, state.baseUrl);
          const to = keyAddress(state.presetId, patch.baseUrl);
          const key =
            state.unconfirmedBaseUrl === null ? (state.typed[from] ?? state.remembered[from]) : undefined;
          const typed = nameMap(Object.entries(state.typed));
          const remembered = nameMap(Object.entries(state.remembered));
          if (key !== undefined && from !== to) {
            typed[to] = key;
            delete typed[from];
            if (from in remembered) {
              remembered[to] = key;
              delete remembered[from];
            }
          }
          return { ...patch, typed, remembered, unconfirmedBaseUrl: null, confirmedChoice: null };
        }),
      setKey: (key) =>
        set((state) => {
          const address = keyAddress(state.presetId, state.baseUrl);
          const remembered =
            address in state.remembered ? withName(state.remembered, address, key) : state.remembered;
          return { typed: withName(state.typed, address, key), remembered };
        }),
      setRemember: (remember) =>
        set((state) => {
          const address = keyAddress(state.presetId, state.baseUrl);
          const remembered = nameMap(Object.entries(state.remembered));
          if (remember) remembered[address] = currentKey(state);
          else delete remembered[address];
          return { remembered };
        }),
      applyLink: (choice, needsConfirmation) =>
        set((state) => {
          // The user's own choice from before the first link is what stays saved.
          const own = state.confirmedChoice ?? {
            presetId: state.presetId,
            baseUrl: state.baseUrl,
            model: state.model,
          };
          const same =
            own.presetId === choice.presetId &&
            addressOf(own.baseUrl) === addressOf(choice.baseUrl) &&
            own.model === choice.model;
          return {
            ...choice,
            unconfirmedBaseUrl: needsConfirmation ? choice.baseUrl : null,
            confirmedChoice: same && !needsConfirmation ? null : own,
          };
        }),
      confirmBaseUrl: () => set({ unconfirmedBaseUrl: null, confirmedChoice: null }),
      keepLinkChoice: () =>
        set((state) => (state.unconfirmedBaseUrl === null ? { confirmedChoice: null } : {})),
      backToOwnChoice: () =>
        set((state) =>
          state.confirmedChoice
            ? { ...state.confirmedChoice, confirmedChoice: null, unconfirmedBaseUrl: null }
            : {},
        ),
    }),
    {
      name: storageKey(PROVIDER_RECORD),
      version: PROVIDER_RECORD.version,
      storage: guardedStorage(PROVIDER_RECORD, localArea, OFFLINE),
      partialize: (s): StoredProvider => {
        const choice = s.confirmedChoice ?? { presetId: s.presetId, baseUrl: s.baseUrl, model: s.model };
        // An empty remembered key is only the ticked box before anything was typed.
        const remembered = Object.fromEntries(Object.entries(s.remembered).filter(([, key]) => key));
        return { ...choice, instructions: s.instructions, remembered };
      },
    },
  ),
);
