/** The bounded pieces every payload schema is built from: labels, texts, counts, indices and lists. */
import * as v from 'valibot';
import { SHARE_LIMITS } from './limits';

export const label = v.pipe(v.string(), v.maxLength(SHARE_LIMITS.labelChars));
export const text = v.pipe(v.string(), v.maxLength(SHARE_LIMITS.textChars));
export const tokenCount = v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(SHARE_LIMITS.tokens));
export const nullableCount = v.nullable(tokenCount);
export const index = v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(SHARE_LIMITS.messages - 1));
export const messageCount = v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(SHARE_LIMITS.messages));
export const many = <T extends v.GenericSchema>(item: T) =>
  v.pipe(v.array(item), v.maxLength(SHARE_LIMITS.messages));

/** Where in the payload, and what is wrong there; null when nothing is. */
export type Problem = { path: string; message: string } | null;
