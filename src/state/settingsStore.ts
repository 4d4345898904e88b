/**
 * The settings as the user typed them. Normalization happens where they are
 * used, so the panel can show both the typed and the effective value. A value
 * with no sensible reading (a reserve at or above the window) is not applied:
 * it waits in `refused`, with the reason, shown in its field, while the last
 * valid value keeps applying, and applies as soon as another change makes it
 * fit.
 *
 * Settings a link brought shape the visit that opened it; the user's own
 * stay saved (`ownBeforeLink`) until the user keeps the link's, goes back to
 * their own, or changes a setting, which makes the settings shown theirs.
 */
import * as v from 'valibot';
import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import type { HarnessId, HarnessParams } from '../core/harness/registry';
import type { HarnessParamsInput } from '../core/harness/params';
import { harnessParamProblem, thresholdProblem } from '../core/harness/paramProblems';
import type { FileUsage } from '../core/fileUsage';
import { windowInForce, type WindowOrigin } from '../core/modelWindow';
import { defaultScaleFor, findModelPreset, settingsForModel, type ModelPreset } from '../core/models';
import { DEFAULT_SETTINGS, normalizeSettings, type SettingsFields } from '../core/settings';
import type { TokenizerId } from '../core/tokenizer';
import { applyTyped, type Refusal, type SettingField } from '../core/settingsProblems';
import { typedSettingsSchema } from '../share/schemaSettings';
import { countedScale } from './calibrationStore';
import { idbStorage } from './idbStorage';
import type { FormatId } from '../formats/types';
import { strategyFor, type StrategyOrigin } from './strategyFollow';
import { guardedStorage, storageKey, type Restored, type StoredRecord } from './stored';

interface StoredSettings {
  settings: SettingsFields;
  modelId: string | null;
  /**
   * Whether the window is the user's (typed, a model preset chosen, a link's):
   * until it is, the window follows the loaded file's model (`followFile`).
   */
  windowTyped: boolean;
  /**
   * Whether the strategy is the user's (picked, or a link's): until it is,
   * it follows the loaded file's agent (`followFormat`, strategyFollow.ts).
   */
  strategyChosen: boolean;
}

/** A preset parameter typed on the page that is not applied, and why. */
export interface ParamRefusal {
  harness: HarnessId;
  param: string;
  value: unknown;
  reason: string;
}

interface SettingsState extends StoredSettings {
  /** Typed values that are not applied, each with the reason; not stored. */
  refused: Refusal[];
  /** The same for the presets' parameters; each stands alone, so none waits for another. */
  refusedParams: ParamRefusal[];
  /**
   * The user's own settings from before a link's were applied: what is saved
   * while the link's shape the visit. Null when the settings are the user's.
   */
  ownBeforeLink: StoredSettings | null;
  /** A link's settings, as typed in it, with the values refused in them; `windowGiven` when it names a window. */
  applyLink(settings: SettingsFields, refused: Refusal[], windowGiven?: boolean): void;
  /**
   * The loaded file's usage: the window follows its model (or the window it
   * states) unless the user's window is in force. Not stored.
   */
  fileUsage: FileUsage | undefined;
  /** Where the window in force came from, for the note beside the field. */
  windowOrigin: WindowOrigin;
  followFile(usage: FileUsage | undefined): void;
  /** The loaded transcript's format; null for a sample. Not stored. */
  fileFormat: FormatId | null;
  /** Where the strategy in force came from, for the note beside the field. */
  strategyOrigin: StrategyOrigin;
  /** The strategy follows the loaded file's agent unless the user's or a link's is in force. */
  followFormat(format: FormatId | null): void;
  /** Gives the window back to the file: the typed window no longer wins. */
  followFileWindow(): void;
  /** "Keep these settings": the link's become the user's own, and are saved. */
  keepLinkSettings(): void;
  /** Back to the user's own settings, as saved before the link. */
  backToOwnSettings(): void;
  /** A change typed on the page; a window given with its origin (Claude Code settings pasted) says where it came from. */
  update(patch: Partial<SettingsFields>, windowOrigin?: WindowOrigin): void;
  /** One preset parameter as typed: applied when its rule allows it, refused with the reason otherwise. */
  setParam<H extends HarnessId>(harness: H, param: keyof HarnessParams[H] & string, value: unknown): void;
  chooseModel(id: string | null): void;
  reset(): void;
  /**
   * The tokenizer and scale the transcript's counts were made with, when it
   * has counts and not the text to count again (a minimal link): no change
   * of settings may move them. Not stored.
   */
  countsFixed: CountsFixed | null;
  fixCounts(fixed: CountsFixed | null): void;
}

export interface CountsFixed {
  tokenizer: SettingsFields['tokenizer'];
  scale: number;
}

/** The settings with the fixed tokenizer and scale, when there are any. */
function pinned<T extends Partial<SettingsFields>>(settings: T, fixed: CountsFixed | null): T {
  return fixed ? { ...settings, tokenizer: fixed.tokenizer, scale: fixed.scale } : settings;
}

/** The scale a model preset brings for `tokenizer`: counted on this device, else its published correction. */
function modelScale(model: ModelPreset, tokenizer: TokenizerId): number {
  return countedScale(model.id, tokenizer) ?? defaultScaleFor(model, tokenizer);
}

/**
 * Another tokenizer under a chosen model takes the model's scale for that
 * tokenizer: a scale corrects one tokenizer's counts, and means nothing for
 * another's. A scale typed by hand since the model was chosen stays.
 */
function rescaled(state: SettingsState, patch: Partial<SettingsFields>): Partial<SettingsFields> {
  const model = state.modelId ? findModelPreset(state.modelId) : undefined;
  const { tokenizer, scale } = state.settings;
  if (!model || patch.scale !== undefined || patch.tokenizer === undefined || patch.tokenizer === tokenizer)
    return {};
  if (scale !== modelScale(model, tokenizer)) return {};
  return { scale: modelScale(model, patch.tokenizer) };
}

/**
 * Why a parameter typed on the page leaves its preset no threshold under the
 * window: refused only when this value is what takes the threshold below 1,
 * so a window that is already too small does not lock the fields that could
 * make it fit.
 */
function formulaProblemOf(
  harness: HarnessId,
  before: SettingsFields,
  harnessInput: HarnessParamsInput,
): string | null {
  const was = normalizeSettings(before);
  if (thresholdProblem(harness, was.harness, was.maxContextTokens) !== null) return null;
  const next = normalizeSettings({ ...before, harness: harnessInput });
  return thresholdProblem(harness, next.harness, next.maxContextTokens);
}

/**
 * The window when the user has not chosen one: the file's (what it states,
 * else its model's), else the default, with where it came from; `{}` when
 * the user's window is in force or nothing changes.
 */
function followed(
  state: Pick<SettingsState, 'settings' | 'refused' | 'countsFixed'>,
  usage: FileUsage | undefined,
  windowTyped: boolean,
  fromLink = false,
): Partial<SettingsState> {
  if (windowTyped) return { windowOrigin: { from: fromLink ? 'link' : 'typed' } };
  const window = windowInForce(null, usage, DEFAULT_SETTINGS.maxContextTokens);
  if (window.tokens === state.settings.maxContextTokens) return { windowOrigin: window.origin };
  const waiting = Object.fromEntries(state.refused.map((r) => [r.field, r.value]));
  const { settings, refused } = applyTyped(
    state.settings,
    pinned({ ...waiting, maxContextTokens: window.tokens }, state.countsFixed),
  );
  return { settings, refused, windowOrigin: window.origin };
}

/** The strategy for the loaded file, unless the user's or a link's is in force; `{}` when nothing changes. */
function followedStrategy(
  state: Pick<SettingsState, 'settings' | 'strategyOrigin'>,
  format: FormatId | null,
  chosen: boolean,
): Partial<SettingsState> {
  const kind = chosen ? (state.strategyOrigin.from === 'link' ? 'link' : 'chosen') : false;
  const { strategy, origin } = strategyFor(kind, format);
  if (strategy === null || strategy === state.settings.strategy) return { strategyOrigin: origin };
  return { settings: { ...state.settings, strategy }, strategyOrigin: origin };
}

const SETTING_FIELDS = Object.keys(DEFAULT_SETTINGS) as Exclude<SettingField, 'harness'>[];
/** Fields whose absence in a stored record is not news: they came after it and default to "the file decides". */
const ADDED_LATER: ReadonlySet<string> = new Set(['unseenTokens']);

/**
 * Each field on its own: one bad value (a strategy a newer build added, a
 * number stored as text) costs that field its typed value, not the others.
 * The rules are the ones a share link's settings pass, so a value is valid
 * in storage exactly when it would be valid in a link.
 */
export function restoreSettings(data: unknown): Restored<StoredSettings> {
  const stored = typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : {};
  const typed =
    typeof stored.settings === 'object' && stored.settings !== null
      ? (stored.settings as Record<string, unknown>)
      : {};
  const settings: Record<string, unknown> = { ...DEFAULT_SETTINGS };
  const invalid: string[] = [];
  const missing: string[] = [];
  for (const field of SETTING_FIELDS) {
    const value = typed[field];
    if (value === undefined) {
      missing.push(field);
      continue;
    }
    const checked = v.safeParse(typedSettingsSchema.entries[field], value);
    if (checked.success && checked.output !== undefined) settings[field] = checked.output;
    else invalid.push(`${field} ${JSON.stringify(value)?.slice(0, 40) ?? String(value)}`);
  }
  // The presets' parameters are one field: checked whole, by the rules a link's pass.
  if (typed.harness !== undefined) {
    const checked = v.safeParse(typedSettingsSchema.entries.harness, typed.harness);
    if (checked.success) settings.harness = checked.output;
    else invalid.push(`harness ${JSON.stringify(typed.harness)?.slice(0, 40) ?? String(typed.harness)}`);
  }
  const notices: string[] = [];
  if (invalid.length) {
    notices.push(
      `Saved settings this version cannot use were reset to their defaults: ${invalid.join(', ')}.`,
    );
  }
  // A field added after settings were first stored is missing from every older record, by design.
  const unexpected = missing.filter((field) => !ADDED_LATER.has(field));
  if (unexpected.length && missing.length < SETTING_FIELDS.length) {
    notices.push(`Saved settings had no value for ${unexpected.join(', ')}; the defaults are used.`);
  }
  // A value this version refuses (a reserve at or above the window) must not come back either.
  const { settings: usable, refused } = applyTyped(DEFAULT_SETTINGS, settings as Partial<SettingsFields>);
  if (refused.length) {
    notices.push(
      `Saved settings that cannot work together were not applied: ${refused
        .map((r) => `${r.field} ${r.value}: ${r.reason}`)
        .join(' ')}`,
    );
  }
  let modelId: string | null = null;
  if (typeof stored.modelId === 'string' && findModelPreset(stored.modelId)) modelId = stored.modelId;
  else if (stored.modelId !== undefined && stored.modelId !== null) {
    notices.push(
      `The saved model preset ${JSON.stringify(stored.modelId)?.slice(0, 60)} is not known to this version.`,
    );
  }
  // Saved before the window followed the file: a window other than the default, or a model, was the user's.
  const windowTyped =
    typeof stored.windowTyped === 'boolean'
      ? stored.windowTyped
      : usable.maxContextTokens !== DEFAULT_SETTINGS.maxContextTokens || modelId !== null;
  // Saved before the strategy followed the file: a strategy other than the default was the user's.
  const strategyChosen =
    typeof stored.strategyChosen === 'boolean'
      ? stored.strategyChosen
      : usable.strategy !== DEFAULT_SETTINGS.strategy;
  return { value: { settings: usable, modelId, windowTyped, strategyChosen }, notices };
}

export const SETTINGS_RECORD: StoredRecord<StoredSettings> = {
  name: 'settings',
  version: 1,
  label: 'the saved settings',
  restore: restoreSettings,
};

export const useSettings = create<SettingsState>()(
  persist(
    (set, get) => ({
      settings: DEFAULT_SETTINGS,
      modelId: null,
      windowTyped: false,
      strategyChosen: false,
      fileFormat: null,
      strategyOrigin: { from: 'default' },
      fileUsage: undefined,
      windowOrigin: { from: 'default' },
      refused: [],
      refusedParams: [],
      countsFixed: null,
      ownBeforeLink: null,
      applyLink: (settings, refused, windowGiven = true) =>
        set((state) => {
          const linked = { ...state, settings, refused };
          return {
            settings,
            refused,
            refusedParams: [],
            modelId: null,
            windowTyped: windowGiven,
            // A link reproduces what its sender saw: its strategy wins over the file's agent.
            strategyChosen: true,
            strategyOrigin: { from: 'link' as const },
            ownBeforeLink: state.ownBeforeLink ?? {
              settings: state.settings,
              modelId: state.modelId,
              windowTyped: state.windowTyped,
              strategyChosen: state.strategyChosen,
            },
            ...followed(linked, state.fileUsage, windowGiven, true),
          };
        }),
      followFileWindow: () =>
        set((state) => ({ windowTyped: false, modelId: null, ...followed(state, state.fileUsage, false) })),
      followFile: (usage) =>
        set((state) => ({
          fileUsage: usage,
          ...followed(state, usage, state.windowTyped, state.ownBeforeLink !== null),
        })),
      followFormat: (format) =>
        set((state) => ({ fileFormat: format, ...followedStrategy(state, format, state.strategyChosen) })),
      keepLinkSettings: () => set({ ownBeforeLink: null }),
      backToOwnSettings: () =>
        set((state) =>
          state.ownBeforeLink
            ? {
                ...state.ownBeforeLink,
                settings: pinned(state.ownBeforeLink.settings, state.countsFixed),
                refused: [],
                refusedParams: [],
                ownBeforeLink: null,
                ...followed(
                  {
                    ...state,
                    settings: pinned(state.ownBeforeLink.settings, state.countsFixed),
                    refused: [],
                  },
                  state.fileUsage,
                  state.ownBeforeLink.windowTyped,
                ),
                ...followedStrategy(
                  {
                    settings: pinned(state.ownBeforeLink.settings, state.countsFixed),
                    strategyOrigin: { from: 'chosen' },
                  },
                  state.fileFormat,
                  state.ownBeforeLink.strategyChosen,
                ),
              }
            : {},
        ),
      // Every load says whether its counts are fixed; most say "no" again, which changes nothing
      // and so writes nothing (a write at each start would also undo a reset of the stored data).
      fixCounts: (fixed) => {
        const was = get().countsFixed;
        if (was === fixed || (was && fixed && was.tokenizer === fixed.tokenizer && was.scale === fixed.scale))
          return;
        set((state) => ({ countsFixed: fixed, settings: pinned(state.settings, fixed) }));
      },
      update: (patch, windowOrigin) =>
        set((state) => {
          // Values refused earlier are tried again: this change may be the one that makes them fit.
          const waiting = Object.fromEntries(state.refused.map((r) => [r.field, r.value]));
          const { settings, refused } = applyTyped(
            state.settings,
            pinned({ ...waiting, ...rescaled(state, patch), ...patch }, state.countsFixed),
          );
          const typedWindow = patch.maxContextTokens !== undefined;
          const pickedStrategy = patch.strategy !== undefined;
          return {
            settings,
            refused,
            ...(pickedStrategy ? { strategyChosen: true, strategyOrigin: { from: 'chosen' as const } } : {}),
            modelId: settings.maxContextTokens !== state.settings.maxContextTokens ? null : state.modelId,
            ownBeforeLink: null,
            ...(typedWindow
              ? { windowTyped: true, windowOrigin: windowOrigin ?? { from: 'typed' as const } }
              : {}),
          };
        }),
      chooseModel: (id) =>
        set((state) => {
          const model = id ? findModelPreset(id) : undefined;
          if (!model) return { modelId: null, ownBeforeLink: null };
          // The model's scale comes with it: counted on this device, else its published correction.
          const chosen = pinned(
            { ...settingsForModel(model), scale: modelScale(model, state.settings.tokenizer) },
            state.countsFixed,
          );
          // The preset's own fields replace whatever was refused in them; other refused values get another try.
          const waiting = Object.fromEntries(
            state.refused.filter((r) => !(r.field in chosen)).map((r) => [r.field, r.value]),
          );
          const { settings, refused } = applyTyped({ ...state.settings, ...chosen }, waiting);
          return {
            modelId: model.id,
            settings,
            refused,
            ownBeforeLink: null,
            windowTyped: true,
            windowOrigin: { from: 'typed' },
          };
        }),
      setParam: (harness, param, value) =>
        set((state) => {
          const typed: HarnessParamsInput = state.settings.harness ?? {};
          const harnessInput = { ...typed, [harness]: { ...typed[harness], [param]: value } };
          const reason =
            harnessParamProblem(harness, param, value) ??
            formulaProblemOf(harness, state.settings, harnessInput);
          const others = state.refusedParams.filter((r) => !(r.harness === harness && r.param === param));
          if (reason) return { refusedParams: [...others, { harness, param, value, reason }] };
          return {
            settings: { ...state.settings, harness: harnessInput },
            refusedParams: others,
            ownBeforeLink: null,
          };
        }),
      reset: () =>
        set((state) => {
          const settings = pinned(DEFAULT_SETTINGS, state.countsFixed);
          return {
            settings,
            modelId: null,
            refused: [],
            refusedParams: [],
            ownBeforeLink: null,
            windowTyped: false,
            strategyChosen: false,
            ...followed({ ...state, settings, refused: [] }, state.fileUsage, false),
            ...followedStrategy({ settings, strategyOrigin: state.strategyOrigin }, state.fileFormat, false),
          };
        }),
    }),
    {
      name: storageKey(SETTINGS_RECORD),
      version: SETTINGS_RECORD.version,
      storage: guardedStorage(SETTINGS_RECORD, () => idbStorage, {
        settings: DEFAULT_SETTINGS,
        modelId: null,
        windowTyped: false,
        strategyChosen: false,
      }),
      // While a link's settings shape the visit, the device keeps the user's own.
      partialize: (state) =>
        state.ownBeforeLink ?? {
          settings: state.settings,
          modelId: state.modelId,
          windowTyped: state.windowTyped,
          strategyChosen: state.strategyChosen,
        },
    },
  ),
);
