/**
 * SWE-agent trajectories (`<instance>.traj`): `{environment, trajectory,
 * history, info}`. `history` is every message of the run as the agent keeps
 * it (`role`, `content`, `agent`, and since 1.0 `message_type`, OpenAI
 * `tool_calls` and, on tool results, `tool_call_ids`); `trajectory` is one
 * entry per step (`response`, `thought`, `action`, `observation`).
 *
 * The history is read as it was recorded: SWE-agent applies its history
 * processors (such as keeping only the last N observations) when it builds
 * each query, not to the file, so the import is the context before any of
 * that. Demonstrations (`is_demo`) are part of the prompt and kept. A file
 * with only `trajectory` (older runs) is rebuilt from its steps, with a note.
 */
import type { Imported, JsonImporter } from './format';
import { detection } from './format';
import { counted, type IssueLog } from './issues';
import type { JsonRecord } from './json';
import { arr, field, isRecord, rec, str } from './json';
import { readChatMessages } from './openaiChat';
import { contextHistory } from './sessionRecorder';
import { ImportError } from './types';

const ROLES = new Set(['system', 'user', 'assistant', 'tool']);

function isHistoryEntry(entry: unknown): entry is JsonRecord {
  return isRecord(entry) && ROLES.has(str(entry, 'role') ?? '') && 'content' in entry;
}

function isStep(entry: unknown): entry is JsonRecord {
  return isRecord(entry) && ('action' in entry || 'observation' in entry) && 'response' in entry;
}

export const sweAgent: JsonImporter = {
  id: 'swe-agent',
  fixtures: ['swe-agent.traj'],
  detect(value) {
    if (!isRecord(value)) return null;
    const history = arr(value, 'history');
    const trajectory = arr(value, 'trajectory');
    const historyOk = history !== undefined && history.length > 0 && history.every(isHistoryEntry);
    const stepsOk = trajectory !== undefined && trajectory.length > 0 && trajectory.every(isStep);
    const agentFields =
      historyOk && history.some((e) => isRecord(e) && ('agent' in e || 'message_type' in e));
    if (historyOk && (stepsOk || agentFields))
      return detection(
        'swe-agent',
        0.97,
        `"history" of role messages${agentFields ? ' with agent fields' : ''}${stepsOk ? ' and "trajectory" steps' : ''}`,
      );
    if (stepsOk)
      return detection('swe-agent', 0.85, '"trajectory" steps with response, action and observation');
    // A bare `history` of role messages is shared by many tools: only a low bid without SWE-agent's own fields.
    if (historyOk)
      return detection(
        'swe-agent',
        0.4,
        '"history" of role messages without SWE-agent\'s trajectory or agent fields',
      );
    return null;
  },
  importValue(value, log): Imported {
    if (!isRecord(value))
      throw new ImportError(
        'not-a-transcript',
        'Expected a SWE-agent trajectory: {"history": [...], "trajectory": [...]}',
      );
    const history = arr(value, 'history');
    const info = rec(value, 'info');
    const title = info ? str(info, 'exit_status') : undefined;
    if (history && history.length > 0) {
      const own = ownEntries(history, log);
      const demos = own.filter((e) => isRecord(e.entry) && field(e.entry, 'is_demo') === true).length;
      if (demos)
        log.note(
          'demonstration',
          `${counted(demos, 'demonstration message')} (is_demo) ${demos === 1 ? 'is' : 'are'} part of the prompt and kept`,
        );
      const messages = readChatMessages(
        own.map((e) => chatRecord(e.entry)),
        (i) => `$.history[${own[i].index}]`,
        log,
      );
      return { messages, title: title && `exit: ${title}`, history: contextHistory(messages) };
    }
    const steps = (arr(value, 'trajectory') ?? []).filter(isStep);
    if (steps.length === 0)
      throw new ImportError(
        'not-a-transcript',
        'The trajectory has neither "history" nor "trajectory" entries',
        {
          path: '$',
        },
      );
    log.note(
      'rebuilt-from-steps',
      `No "history": the conversation is rebuilt from ${counted(steps.length, 'trajectory step')} (each response, then its observation); the system prompt and the task are not in the file`,
      { path: '$.trajectory' },
    );
    const records = steps.flatMap((step) => [
      { role: 'assistant', content: str(step, 'response') ?? str(step, 'thought') ?? '' },
      { role: 'user', content: str(step, 'observation') ?? '' },
    ]);
    const messages = readChatMessages(records, (i) => `$.trajectory[${Math.floor(i / 2)}]`, log);
    return { messages, title: title && `exit: ${title}`, history: contextHistory(messages) };
  },
};

/**
 * The entries of the agent that wrote the first one: SWE-agent sends an agent
 * only its own entries (`agent` equal to its name), so another agent's are
 * not in its context.
 */
function ownEntries(history: readonly unknown[], log: IssueLog): { entry: unknown; index: number }[] {
  const first = history.find(isRecord);
  const name = first ? str(first, 'agent') : undefined;
  const own: { entry: unknown; index: number }[] = [];
  let others = 0;
  history.forEach((entry, index) => {
    const agent = isRecord(entry) ? str(entry, 'agent') : undefined;
    if (name === undefined || agent === undefined || agent === name) own.push({ entry, index });
    else others++;
  });
  if (others)
    log.note(
      'other-agent',
      `${others} history ${others === 1 ? 'entry' : 'entries'} of other agents ${others === 1 ? 'was' : 'were'} left out: SWE-agent sends "${name}" only its own`,
      { path: '$.history' },
    );
  return own;
}

/**
 * A history entry as Chat Completions writes it: a tool result names its call
 * in `tool_call_ids` (one id, as SWE-agent runs one call a step), and thinking
 * blocks are reasoning.
 */
function chatRecord(entry: unknown): unknown {
  if (!isRecord(entry)) return entry;
  const record: JsonRecord = { ...entry };
  const ids = arr(entry, 'tool_call_ids');
  if (str(entry, 'role') === 'tool' && ids && typeof ids[0] === 'string') record.tool_call_id = ids[0];
  const thinking = (arr(entry, 'thinking_blocks') ?? [])
    .filter(isRecord)
    .map((block) => str(block, 'thinking') ?? '')
    .filter(Boolean);
  if (thinking.length) record.reasoning_content = thinking.join('\n\n');
  // Content parts carry `cache_control` beside the text; only the text is read.
  const content = field(entry, 'content');
  if (Array.isArray(content))
    record.content = content.map((part) =>
      isRecord(part) && str(part, 'type') === 'text' ? { type: 'text', text: str(part, 'text') ?? '' } : part,
    );
  return record;
}
