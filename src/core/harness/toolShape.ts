/**
 * What the clearing rules need to know about a transcript beyond roles and
 * counts: which tool produced each result, what a message weighs without its
 * output, which call a result answers. Built once per count, beside the
 * counts, so that changing a preset's parameters never re-tokenizes anything.
 */
import type { Estimator } from '../estimate';
import type { Message } from '../message';
import { injectedKind } from './injected';
import type { ToolShape } from './preset';
import {
  API_CLEARED_TOOL_RESULT,
  CLEARED_ARGUMENTS,
  CLEARED_TOOL_RESULT,
  GEMINI_ACKNOWLEDGEMENT,
  lineCount,
  maskedObservation,
} from './placeholders';

/**
 * The tool shape of `messages` under `estimator`. The counts are the
 * estimator's own, so a cleared message counts exactly as the same message
 * with a placeholder for its output would.
 */
export function toolShapeOf(messages: readonly Message[], estimator: Estimator): ToolShape {
  const n = messages.length;
  const shape: ToolShape = {
    names: new Array<string | null>(n).fill(null),
    bare: new Array<number>(n).fill(0),
    owner: new Array<number>(n).fill(-1),
    argTokens: new Array<number>(n).fill(0),
    reasoning: new Array<number>(n).fill(0),
    calls: new Array<number>(n).fill(0),
    masked: new Array<number>(n).fill(0),
    chars: new Array<number>(n).fill(0),
    injected: messages.map(injectedKind),
    placeholders: {
      cleared: estimator.countString(CLEARED_TOOL_RESULT),
      apiCleared: estimator.countString(API_CLEARED_TOOL_RESULT),
      arguments: estimator.countString(CLEARED_ARGUMENTS),
      acknowledgement: estimator.countMessage({
        id: 'acknowledgement',
        role: 'assistant',
        content: GEMINI_ACKNOWLEDGEMENT,
      }),
    },
  };
  // The newest call with each id: a result answers the call issued before it.
  const callAt = new Map<string, { index: number; argTokens: number }>();
  for (let i = 0; i < n; i++) {
    const m = messages[i];
    if (m.role === 'assistant' && (m.reasoning || m.carried?.reasoning || m.toolCalls?.length)) {
      const fields = estimator.countFields(m);
      shape.reasoning[i] = fields.reasoning;
      m.toolCalls?.forEach((call, k) => callAt.set(call.id, { index: i, argTokens: fields.arguments[k] }));
    }
    shape.calls[i] = m.toolCalls?.length ?? 0;
    if (m.role !== 'tool') continue;
    shape.names[i] = m.toolName ?? null;
    const sizes = resultSizes(m, estimator);
    shape.bare[i] = sizes.bare;
    shape.masked[i] = sizes.masked;
    shape.chars[i] = sizes.chars;
    const call = m.toolCallId ? callAt.get(m.toolCallId) : undefined;
    if (call) {
      shape.owner[i] = call.index;
      shape.argTokens[i] = call.argTokens;
      if (shape.names[i] === null)
        shape.names[i] = messages[call.index].toolCalls!.find((c) => c.id === m.toolCallId)!.name;
    }
  }
  return shape;
}

interface ResultSizes {
  bare: number;
  masked: number;
  chars: number;
}

/**
 * A tool result's sizes, kept per message object and estimator as the
 * estimator keeps its counts: a session read again as it grows gives back
 * the same objects for the messages it already had (`stableMessages.ts`),
 * and counting each one's bare message and masking note again was most of
 * the time an update took.
 */
const sizesKept = new WeakMap<Estimator, WeakMap<Message, ResultSizes>>();

function resultSizes(m: Message, estimator: Estimator): ResultSizes {
  // Its output is not all here: what it measured where it was travelled with it.
  if (m.carried)
    return { bare: m.carried.bare ?? 0, masked: m.carried.masked ?? 0, chars: m.carried.chars ?? 0 };
  let kept = sizesKept.get(estimator);
  if (!kept) sizesKept.set(estimator, (kept = new WeakMap()));
  let sizes = kept.get(m);
  if (!sizes) {
    sizes = {
      bare: estimator.countMessage({ ...m, content: '', images: 0 }),
      masked: estimator.countString(maskedObservation(lineCount(m.content))),
      chars: m.content.length,
    };
    kept.set(m, sizes);
  }
  return sizes;
}
