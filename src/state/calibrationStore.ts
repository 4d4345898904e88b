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
import { MAX_SCALE, MIN_SCALE, TOKENIZERS, type TokenizerId } from '../core/settings';
import { guardedStorage, storageKey, type Restored, type StorageArea, type StoredRecord } from './stored';

/** One exact count: the scale it implied, and what it was measured on. */
export interface CountedScale extends Calibration {
  /** The provider protocol that counted. */
  provider: string;
  /** When, as an ISO date and time. */
  countedAt: string;
}

/** Model name → tokenizer → the latest count. */
export type CountedScales = Record<string, Partial<Record<TokenizerId, CountedScale>>>;

interface StoredCalibrations {
  scales: CountedScales;
}

interface CalibrationState extends StoredCalibrations {
  remember(model: string, tokenizer: TokenizerId, counted: CountedScale): void;
}

/** So many models is more than anyone counts; a record larger than that was not written by this page. */
const MAX_MODELS = 200;
const MAX_MODEL_CHARS = 200;

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
  const scales: CountedScales = {};
  let dropped = 0;
  if (typeof raw === 'object' && raw !== null && !Array.isArray(raw)) {
    for (const [model, byTokenizer] of Object.entries(raw)) {
      if (Object.keys(scales).length >= MAX_MODELS || !model || model.length > MAX_MODEL_CHARS) {
        dropped++;
        continue;
      }
      if (typeof byTokenizer !== 'object' || byTokenizer === null) {
        dropped++;
        continue;
      }
      for (const [tokenizer, value] of Object.entries(byTokenizer)) {
        const counted = TOKENIZERS.includes(tokenizer as TokenizerId) ? restoreCount(value) : null;
        if (!counted) {
          dropped++;
          continue;
        }
        (scales[model] ??= {})[tokenizer as TokenizerId] = counted;
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
      scales: {},
      remember: (model, tokenizer, counted) =>
        set((state) => ({
          scales: { ...state.scales, [model]: { ...state.scales[model], [tokenizer]: counted } },
        })),
    }),
    {
      name: storageKey(CALIBRATION_RECORD),
      version: CALIBRATION_RECORD.version,
      storage: guardedStorage(CALIBRATION_RECORD, localArea, { scales: {} }),
      partialize: (state): StoredCalibrations => ({ scales: state.scales }),
    },
  ),
);

/** The scale counted on this device for `model` with `tokenizer`, if any. */
export function countedScale(model: string, tokenizer: TokenizerId): number | undefined {
  return useCalibration.getState().scales[model]?.[tokenizer]?.scale;
}
