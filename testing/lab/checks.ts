/**
 * The lab's checks of one run against the product: (1) the session files
 * import exactly, (2) the agent's preset fires where the agent did, and what
 * the agent kept and asked, (3) the system prompt and tools the agent sends,
 * measured. Pure functions over the files' text and the recorded requests,
 * so the committed fixtures run them in `npm test`.
 */
import { readFileSync } from 'node:fs';
import { basename, dirname } from 'node:path';
import {
  compactionLedger,
  explainSettings,
  strategyTrigger,
  triggers,
  type SettingsInput,
  type TextCounter,
  type Trigger,
} from '../../src/core';
import { isProblem } from '../../src/formats/issues';
import { importTranscript } from '../../src/formats';
import { openOpenCodeDatabase } from '../../src/archive/opencodeDatabase';
import { diskReader } from '../../src/cli/archiveDisk';
import type { FormatId } from '../../src/formats/types';
import { readConversation } from '../mock-llm/agentConversation';
import type { AgentRun, LabAgent } from './agent';
import { checkEveryKept, labSettings, strategyFor, type KeptCheck } from './kept';
import { previousPromptAt } from './previousPrompt';
import { checkPrompt, type PromptCheck } from './prompt';
import type { LabRequest } from './requests';

export interface ImportCheck {
  file: string;
  detected: FormatId | 'error';
  messages: number;
  toolCalls: number;
  toolResults: number;
  /** Calls without a result and results without a call. */
  unpaired: number;
  /**
   * Compactions the file itself marks (its own lines), and those the import and the ledger found;
   * null for a format whose compaction is no line of its own (a Gemini CLI `$set`, an OpenCode export).
   */
  compactionsInFile: number | null;
  compactionsImported: number;
  compactionsInLedger: number;
  problems: string[];
}

/** The lines of a session file that mark a compaction, by format: what the import must find. */
const COMPACTION_MARKS: Partial<Record<FormatId, RegExp>> = {
  'claude-code': /"subtype":"compact_boundary"/,
  codex: /"type":"compacted"/,
  pi: /^\{"type":"compaction"/,
  'qwen-code': /"subtype":"chat_compression"/,
  // An applied compaction or a truncation; a cancelled compaction changes nothing the model gets.
  'copilot-cli':
    /"type":"session\.(compaction_complete","data":\{"success":true,"outcome":"applied"|truncation")/,
};

interface ExportedParts {
  messages?: { parts?: { type?: unknown }[] }[];
}

/**
 * The compactions a session file marks: its marked lines, or in an OpenCode
 * export (one JSON document) its `compaction` parts, one per compaction,
 * automatic or asked for. Null when the format marks none of its own, or
 * when the export is no JSON (the import then says why).
 */
export function compactionsMarked(text: string, format: FormatId): number | null {
  const mark = COMPACTION_MARKS[format];
  if (mark) return text.split('\n').filter((line) => mark.test(line)).length;
  if (format !== 'opencode') return null;
  try {
    const exported = JSON.parse(text) as ExportedParts;
    return (exported.messages ?? []).flatMap((m) => m.parts ?? []).filter((p) => p.type === 'compaction')
      .length;
  } catch {
    return null;
  }
}

/** A file that could not be imported at all, and why. */
function failedImport(file: string, problem: string, compactionsInFile: number | null = null): ImportCheck {
  return {
    file,
    detected: 'error',
    messages: 0,
    toolCalls: 0,
    toolResults: 0,
    unpaired: 0,
    compactionsInFile,
    compactionsImported: 0,
    compactionsInLedger: 0,
    problems: [problem],
  };
}

export function checkImport(file: string, text: string, expected: FormatId): ImportCheck {
  const base = basename(file);
  const compactionsInFile = compactionsMarked(text, expected);
  let result;
  try {
    result = importTranscript(text, { fileName: base });
  } catch (error) {
    return failedImport(base, error instanceof Error ? error.message : String(error), compactionsInFile);
  }
  const messages = result.history?.messages ?? result.messages;
  const calls = new Set<string>();
  const results = new Set<string>();
  for (const m of messages) {
    for (const call of m.toolCalls ?? []) calls.add(call.id);
    if (m.role === 'tool' && m.toolCallId) results.add(m.toolCallId);
  }
  const unpaired =
    [...calls].filter((id) => !results.has(id)).length + [...results].filter((id) => !calls.has(id)).length;
  const history = result.history;
  const ledger = history
    ? compactionLedger(history, new Array<number>(history.messages.length).fill(0))
    : undefined;
  const problems = result.issues.filter(isProblem).map((issue) => `${issue.code}: ${issue.message}`);
  if (result.format !== expected) problems.unshift(`detected as ${result.format}, not ${expected}`);
  return {
    file: base,
    detected: result.format,
    messages: messages.length,
    toolCalls: calls.size,
    toolResults: results.size,
    unpaired,
    compactionsInFile,
    compactionsImported: history?.compactions.length ?? 0,
    compactionsInLedger: ledger?.compactions.length ?? 0,
    problems,
  };
}

/** Exact: the right format, every call paired, every compaction the file marks imported and in the ledger, no problem. */
export function importIsExact(check: ImportCheck): boolean {
  return (
    check.problems.length === 0 &&
    check.unpaired === 0 &&
    check.compactionsInLedger === check.compactionsImported &&
    (check.compactionsInFile === null || check.compactionsImported === check.compactionsInFile)
  );
}

/**
 * Every session of an OpenCode database (`opencode.db`, with its write-ahead
 * log) checked as the archive opens it: joined by the archive's database
 * reader into the export it imports, each named `opencode.db#<session id>`.
 */
export async function checkDatabase(file: string, expected: FormatId): Promise<ImportCheck[]> {
  const db = await openOpenCodeDatabase(diskReader(dirname(file)), basename(file));
  try {
    return db.sessions().map((session) => {
      const exported = db.exportOf(session.id);
      const name = `${basename(file)}#${session.id}`;
      return exported.ok ? checkImport(name, exported.text, expected) : failedImport(name, exported.error);
    });
  } finally {
    db.close();
  }
}

/** A session file the agent wrote, checked as a user opens it: a database (OpenCode's, Kilo's) by the archive's reader. */
export function checkSessionFile(file: string, expected: FormatId): Promise<ImportCheck[]> {
  if (file.endsWith('.db')) return checkDatabase(file, expected);
  return Promise.resolve([checkImport(file, readFileSync(file, 'utf8'), expected)]);
}

export interface FireCheck {
  /** The call (1-based) at which the agent sent its first summarization request; null when it never did. */
  agentAt: number | null;
  /** The first call where the preset fires by the count the agent compares (`FiringRule`). */
  presetAt: number | null;
  threshold: number;
  formula: string;
  /** Within one call of each other. */
  matches: boolean;
  /** The prompt the agent sent just before compacting, and the first after it (the mock's count). */
  tokensBefore: number | null;
  tokensAfter: number | null;
}

/** How the lab finds the preset's call: by the count the agent compares (`LabWindow.compares`). */
export type FiringRule =
  | { compares: 'prompt-or-usage'; firesAtSummary: boolean }
  | { compares: 'previous-prompt'; count: TextCounter };

/**
 * The first call whose prompt reaches the point (Claude Code estimates the
 * prompt before it sends it) or that comes right after a call whose usage
 * did (Codex reads the usage it got back). With `firesAtSummary`, the
 * summarization call too (below).
 */
function promptOrUsageAt(
  requests: readonly LabRequest[],
  trigger: Trigger,
  firesAtSummary: boolean,
): number | null {
  const over = requests.find(
    (r, i) =>
      triggers(trigger, r.tokens) ||
      (i > 0 && !requests[i - 1].summary && triggers(trigger, requests[i - 1].usage)),
  );
  const atSummary = firesAtSummary ? (requests.find((r) => r.summary)?.call ?? null) : null;
  return over && atSummary !== null ? Math.min(over.call, atSummary) : (over?.call ?? atSummary ?? null);
}

/**
 * Where the preset fires, from the prompts the agent really sent: each call's
 * size is the mock's count of its request (and its usage that count plus its
 * reply), the numbers the agent itself compares with its threshold. Most
 * agents send their summarization request at the first call whose prompt
 * reaches the point or right after a call whose usage did. An agent that
 * measures the context before it sends it (pi adds the tool results it has
 * not sent yet) compacts a conversation no request shows whole:
 * `firesAtSummary` says whether the preset fires on the conversation at the
 * summarization call, as the kept check rebuilt it, and then that call counts
 * too. Gemini CLI compares its previous call's prompt and compresses only
 * where its split leaves something to summarize (`previousPromptAt`).
 * `settings` are the playground's for the agent's strategy (`labSettings`).
 */
export function checkFiring(
  requests: readonly LabRequest[],
  settings: SettingsInput,
  rule: FiringRule = { compares: 'prompt-or-usage', firesAtSummary: false },
): FireCheck {
  const trigger = strategyTrigger(explainSettings(settings).settings);
  const summary = requests.find((r) => r.summary);
  const agentAt = summary?.call ?? null;
  const presetAt =
    rule.compares === 'previous-prompt'
      ? previousPromptAt(requests, trigger, settings, rule.count)
      : promptOrUsageAt(requests, trigger, rule.firesAtSummary);
  const before = summary ? requests.filter((r) => r.call < summary.call && !r.summary).at(-1) : undefined;
  const after = summary ? requests.find((r) => r.call > summary.call && !r.summary) : undefined;
  return {
    agentAt,
    presetAt,
    threshold: trigger.threshold,
    formula: trigger.formula,
    matches: agentAt !== null && presetAt !== null && Math.abs(agentAt - presetAt) <= 1,
    tokensBefore: before?.tokens ?? null,
    tokensAfter: after?.tokens ?? null,
  };
}

export interface UnseenCheck {
  /** The system prompt (or instructions) of the agent's first request, in the product's tokens. */
  systemTokens: number;
  /** Its tool definitions, as the JSON it sends. */
  toolTokens: number;
  tools: number;
}

/** The part of every request a session file does not show, from the agent's first request. */
export function checkUnseen(requests: readonly LabRequest[], count: TextCounter): UnseenCheck | null {
  const first = requests.find((r) => !r.summary && Array.isArray(r.body.tools) && r.body.tools.length > 0);
  if (!first) return null;
  const conversation = readConversation(first.family, first.body);
  const tools = first.body.tools as unknown[];
  return {
    systemTokens: count(conversation.system),
    toolTokens: count(JSON.stringify(tools)),
    tools: tools.length,
  };
}

export interface LabResult {
  agent: string;
  name: string;
  version: string;
  /** Why the agent could not be installed or run; the other fields are then absent. */
  failure?: string;
  scratch?: string;
  compactions?: AgentRun['compactions'];
  notes?: string[];
  imports?: ImportCheck[];
  importExact?: boolean;
  firing?: FireCheck;
  /** What the agent and its preset kept at the first compaction, */
  kept?: KeptCheck;
  /** and at each, in order. */
  keptEach?: KeptCheck[];
  /** Why no preset was run: the product has none for this agent, or the lab gives it no window. */
  noPreset?: string;
  /** What the preset claims of the agent's summarization prompt, held against the first it sent. */
  prompt?: PromptCheck;
  unseen?: UnseenCheck | null;
  requests?: number;
  /** The requests the mock took for summarization requests: at least one per compaction the agent reports. */
  summaryRequests?: number;
}

export async function checkRun(
  agent: LabAgent,
  version: string,
  run: AgentRun,
  requests: readonly LabRequest[],
  count: TextCounter,
): Promise<LabResult> {
  const imports = (
    await Promise.all(run.sessionFiles.map((file) => checkSessionFile(file, run.format as FormatId)))
  ).flat();
  const unseen = checkUnseen(requests, count);
  const strategy = strategyFor(agent.id);
  const preset =
    strategy && agent.labWindow
      ? { strategy, lab: agent.labWindow, unseenTokens: unseen?.toolTokens ?? 0 }
      : undefined;
  const keptEach = checkEveryKept(requests, count, preset);
  const kept = keptEach.at(0);
  const firing = preset
    ? checkFiring(
        requests,
        labSettings(preset.strategy, preset.lab, preset.unseenTokens),
        preset.lab.compares === 'previous-prompt'
          ? { compares: 'previous-prompt', count }
          : { compares: 'prompt-or-usage', firesAtSummary: kept?.preset?.fires ?? false },
      )
    : undefined;
  return {
    agent: agent.id,
    name: agent.name,
    version,
    compactions: run.compactions,
    notes: run.notes,
    imports,
    importExact: imports.length > 0 && imports.every(importIsExact),
    firing,
    kept,
    keptEach,
    prompt: checkPrompt(strategy, kept?.summaryPrompt ?? null),
    ...(!preset && {
      noPreset: strategy
        ? `the lab gives ${agent.name} no window`
        : `the product has no preset for ${agent.name}`,
    }),
    unseen,
    requests: requests.length,
    summaryRequests: requests.filter((r) => r.summary).length,
  };
}
