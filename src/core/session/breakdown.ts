/**
 * Where the tokens of one context went: the question behind "which tool
 * fills my context". Each message's count is split so the categories add up
 * to the messages' total exactly: an assistant message into its reasoning,
 * its tool calls (names, arguments and their framing) and the rest as text.
 */
import type { Estimator } from '../estimate';
import { PER_TOOL_CALL_TOKENS } from '../estimate';
import type { Message } from '../message';
import { isSummaryMessage } from '../summaryEnvelope';

export type CategoryKind =
  | 'unrecorded'
  | 'system'
  | 'tool-definitions'
  | 'user'
  | 'assistant'
  | 'reasoning'
  | 'tool-calls'
  | 'tool-result'
  | 'summary';

export interface Category {
  kind: CategoryKind;
  /** Shown to the user: "Tool results: Read" for one tool's results. */
  label: string;
  /** The tool, for `tool-result`. */
  tool?: string;
  tokens: number;
  messages: number;
}

export interface Breakdown {
  categories: Category[];
  /** The sum of the categories: the messages' tokens, without the list's closing tokens. */
  total: number;
}

/** What each category is called wherever it is shown; a tool's results are "Tool results: NAME". */
export const CATEGORY_LABELS: Record<Exclude<CategoryKind, 'tool-result'>, string> = {
  unrecorded: 'Not explained by the file',
  system: 'System prompt',
  'tool-definitions': 'Tool definitions',
  user: 'User text',
  assistant: 'Assistant text',
  reasoning: 'Reasoning',
  'tool-calls': 'Tool calls',
  summary: 'Summaries',
};

/** The fixed order categories are listed in; tool results sort by size among themselves. */
const ORDER: CategoryKind[] = [
  'unrecorded',
  'system',
  'tool-definitions',
  'summary',
  'user',
  'assistant',
  'reasoning',
  'tool-calls',
  'tool-result',
];

/**
 * The breakdown of `messages` under `estimator`. Tool definitions are
 * counted only when the caller knows them (`extra.toolDefinitions`): most
 * formats do not record the tools a request offered. What a file's usage
 * shows it sent but does not record (`extra.unrecorded`) has its own row.
 */
export function breakdownOf(
  messages: readonly Message[],
  estimator: Estimator,
  extra: { toolDefinitions?: number; unrecorded?: number } = {},
): Breakdown {
  const byKey = new Map<string, Category>();
  const add = (kind: CategoryKind, tokens: number, counted: boolean, tool?: string) => {
    const key = tool === undefined ? kind : `${kind}:${tool}`;
    let c = byKey.get(key);
    if (!c) {
      const label = kind === 'tool-result' ? `Tool results: ${tool}` : CATEGORY_LABELS[kind];
      c = { kind, label, tokens: 0, messages: 0, ...(tool === undefined ? {} : { tool }) };
      byKey.set(key, c);
    }
    c.tokens += tokens;
    if (counted) c.messages++;
  };
  if (extra.unrecorded) add('unrecorded', extra.unrecorded, false);
  if (extra.toolDefinitions) add('tool-definitions', extra.toolDefinitions, false);
  for (const m of messages) {
    const tokens = estimator.countMessage(m);
    if (m.role === 'system') add('system', tokens, true);
    else if (m.role === 'tool') add('tool-result', tokens, true, m.toolName ?? 'unknown tool');
    else if (m.role === 'user') add(isSummaryMessage(m) ? 'summary' : 'user', tokens, true);
    else {
      const fields = estimator.countFields(m);
      // chars4 counts a call as its characters; BPE adds the name and framing per call.
      const calls = (m.toolCalls ?? []).reduce(
        (sum, call, k) =>
          sum +
          (estimator.tokenizer === 'chars4'
            ? estimator.countString(call.name + call.arguments)
            : estimator.countString(call.name) + fields.arguments[k]! + PER_TOOL_CALL_TOKENS),
        0,
      );
      // Whatever framing is left belongs to the text, so the parts add up to the count.
      const toolCalls = Math.min(calls, tokens);
      const reasoning = Math.min(fields.reasoning, tokens - toolCalls);
      add('assistant', tokens - toolCalls - reasoning, true);
      if (reasoning > 0) add('reasoning', reasoning, false);
      if (toolCalls > 0) add('tool-calls', toolCalls, false);
    }
  }
  const categories = [...byKey.values()].sort(
    (a, b) =>
      ORDER.indexOf(a.kind) - ORDER.indexOf(b.kind) || b.tokens - a.tokens || a.label.localeCompare(b.label),
  );
  return { categories, total: categories.reduce((sum, c) => sum + c.tokens, 0) };
}
