/**
 * Scales counted exactly on this device, per model and tokenizer: what the
 * provider's own count of a transcript was against our estimate. Choosing a
 * model preset takes its scale from here, or the model's published
 * correction until it was counted. Kept in local storage, read back through
 * `stored.ts` like every other record.
 */
import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import type { Calibration } from '../core/calibration';
import { nameMap, ownValue, withName, type NameMap } from '../core/nameMap';
import { MAX_SCALE, MIN_SCALE } from '../core/settings';
import { TOKENIZERS, type TokenizerId } from '../core/tokenizer';
import type { StorageArea } from './storageArea';
import { guardedStorage, storageKey, type Restored, type StoredRecord } from './stored';

/** One exact count: the scale it implied, and what it was measured on. */
export interface CountedScale extends Calibration {
  /** The provider protocol that counted. */
  provider: string;
  /** When, as an ISO date and time. */
  countedAt: string;
}

/** Model name → tokenizer → the latest count. The model is any name a person typed: a name map. */
export type CountedScales = NameMap<Partial<Record<TokenizerId, CountedScale>>>;

interface StoredCalibrations {
  scales: CountedScales;
}

interface CalibrationState extends StoredCalibrations {
  remember(model: string, tokenizer: TokenizerId, counted: CountedScale): void;
}

/** So many models is more than anyone counts; a record larger than that was not written by this page. */
const MAX_MODELS = 200;
/**
 * Longer than any model name a server uses, and as long as the page takes:
 * a name the model field accepted and counted must come back on the next
 * visit, not be forgotten as unreadable.
 */
const MAX_MODEL_CHARS = 10_000;

const isCount = (value: unknown) => typeof value === 'number' && Number.isInteger(value) && value >= 0;

function restoreCount(value: unknown): CountedScale | null {
  if (typeof value !== 'object' || value === null) return null;
  const v = value as Record<string, unknown>;
  const scale = v.scale;
  if (typeof scale !== 'number' || !Number.isFinite(scale) || scale < MIN_SCALE || scale > MAX_SCALE)
    return null;
  if (!isCount(v.providerTokens) || !isCount(v.estimatedTokens)) return null;
  if (typeof v.provider !== 'string' || typeof v.countedAt !== 'string') return null;
  return {
    scale,
    providerTokens: v.providerTokens as number,
    estimatedTokens: v.estimatedTokens as number,
    provider: v.provider.slice(0, 40),
    countedAt: v.countedAt.slice(0, 40),
  };
}

/** Keeps every entry that reads as a count; drops the rest, and says how many. */
export function restoreCalibrations(data: unknown): Restored<StoredCalibrations> {
  const raw =
    typeof data === 'object' && data !== null ? (data as Record<string, unknown>).scales : undefined;
  const scales: CountedScales = nameMap();
  let models = 0;
  let dropped = 0;
  if (typeof raw === 'object' && raw !== null && !Array.isArray(raw)) {
    for (const [model, byTokenizer] of Object.entries(raw)) {
      if (models >= MAX_MODELS || !model || model.length > MAX_MODEL_CHARS) {
        dropped++;
        continue;
      }
      if (typeof byTokenizer !== 'object' || byTokenizer === null) {
        dropped++;
        continue;
      }
      const kept: Partial<Record<TokenizerId, CountedScale>> = {};
      for (const [tokenizer, value] of Object.entries(byTokenizer)) {
        const counted = TOKENIZERS.includes(tokenizer as TokenizerId) ? restoreCount(value) : null;
        if (!counted) {
          dropped++;
          continue;
        }
        kept[tokenizer as TokenizerId] = counted;
      }
      if (Object.keys(kept).length) {
        scales[model] = kept;
        models++;
      }
    }
  } else if (raw !== undefined) dropped++;
  const notices = dropped
    ? [`${dropped} saved exact count${dropped === 1 ? ' was' : 's were'} unreadable and forgotten.`]
    : [];
  return { value: { scales }, notices };
}

export const CALIBRATION_RECORD: StoredRecord<StoredCalibrations> = {
  name: 'calibration',
  version: 1,
  label: 'the saved exact counts',
  restore: restoreCalibrations,
};

const localArea = (): StorageArea => localStorage;

export const useCalibration = create<CalibrationState>()(
  persist(
    (set) => ({
      scales: nameMap(),
      remember: (model, tokenizer, counted) =>
        set((state) => ({
          scales: withName(state.scales, model, { ...ownValue(state.scales, model), [tokenizer]: counted }),
        })),
    }),
    {
      name: storageKey(CALIBRATION_RECORD),
      version: CALIBRATION_RECORD.version,
      storage: guardedStorage(CALIBRATION_RECORD, localArea, { scales: nameMap() }),
      partialize: (state): StoredCalibrations => ({ scales: state.scales }),
    },
  ),
);

/** The count saved in `scales` for `model` with `tokenizer`, if any; the one way to read a model's entry. */
export function savedCount(
  scales: CountedScales,
  model: string,
  tokenizer: TokenizerId,
): CountedScale | undefined {
  return ownValue(scales, model)?.[tokenizer];
}

/** The scale counted on this device for `model` with `tokenizer`, if any. */
export function countedScale(model: string, tokenizer: TokenizerId): number | undefined {
  return savedCount(useCalibration.getState().scales, model, tokenizer)?.scale;
}
