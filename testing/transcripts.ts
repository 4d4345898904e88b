/**
 * Seeded transcripts of any size, for end-to-end tests and benchmarks: large
 * files are made on demand, never committed. `scripts/generate-transcript.ts`
 * writes them to disk.
 */
import { piece } from './corpus';
import { rng } from './rng';

export interface GenerateOptions {
  seed?: number;
  /** Stop after this many messages… */
  messages?: number;
  /** …or once the output reaches this many bytes (whichever comes first). */
  bytes?: number;
  /** Tool rounds per user turn. */
  roundsPerTurn?: number;
}

interface Step {
  kind: 'user' | 'assistant' | 'tool';
  text: string;
  callId?: string;
  tool?: string;
  args?: Record<string, unknown>;
}

const TOOLS = ['Read', 'Bash', 'Grep', 'Edit'] as const;

/** The conversation itself, independent of the file format. */
function* steps(options: GenerateOptions): Generator<Step> {
  const random = rng(options.seed ?? 1);
  const rounds = options.roundsPerTurn ?? 8;
  let call = 0;
  for (let turn = 0; ; turn++) {
    yield { kind: 'user', text: `Turn ${turn}: ${piece(random, 200 + Math.floor(random() * 400))}` };
    for (let r = 0; r < rounds; r++) {
      const tool = TOOLS[Math.floor(random() * TOOLS.length)];
      const callId = `toolu_${String(++call).padStart(6, '0')}`;
      const path = `/home/dev/app/src/module${Math.floor(random() * 40)}.ts`;
      const args =
        tool === 'Bash'
          ? { command: 'npm test -- --run' }
          : tool === 'Grep'
            ? { pattern: 'token', path }
            : { file_path: path };
      yield { kind: 'assistant', text: piece(random, 80 + Math.floor(random() * 300)), callId, tool, args };
      yield { kind: 'tool', text: piece(random, 300 + Math.floor(random() * 3500)), callId, tool };
    }
    yield { kind: 'assistant', text: piece(random, 200 + Math.floor(random() * 600)) };
  }
}

/** A Claude Code session: one JSON object per line, linked by parentUuid. */
export function generateClaudeCode(options: GenerateOptions): string {
  const lines: string[] = [];
  let size = 0;
  let parent: string | null = null;
  let n = 0;
  const base = {
    isSidechain: false,
    userType: 'external',
    cwd: '/home/dev/app',
    sessionId: 'gen-session',
    version: '2.0.55',
  };
  for (const step of steps(options)) {
    if (
      (options.messages !== undefined && n >= options.messages) ||
      (options.bytes !== undefined && size >= options.bytes)
    )
      break;
    const uuid = `u${++n}`;
    const timestamp = new Date(Date.UTC(2026, 10, 1, 10, 0, n)).toISOString();
    let record: Record<string, unknown>;
    if (step.kind === 'user') {
      record = {
        ...base,
        parentUuid: parent,
        type: 'user',
        message: { role: 'user', content: step.text },
        uuid,
        timestamp,
      };
    } else if (step.kind === 'tool') {
      record = {
        ...base,
        parentUuid: parent,
        type: 'user',
        message: {
          role: 'user',
          content: [{ type: 'tool_result', tool_use_id: step.callId, content: step.text }],
        },
        uuid,
        timestamp,
      };
    } else {
      const content: unknown[] = [{ type: 'text', text: step.text }];
      if (step.callId) content.push({ type: 'tool_use', id: step.callId, name: step.tool, input: step.args });
      record = {
        ...base,
        parentUuid: parent,
        type: 'assistant',
        message: { id: `msg_${n}`, type: 'message', role: 'assistant', model: 'claude-sonnet-4-5', content },
        uuid,
        timestamp,
      };
    }
    const line = JSON.stringify(record);
    lines.push(line);
    size += line.length + 1;
    parent = uuid;
  }
  return `${lines.join('\n')}\n`;
}

/** An OpenAI Chat Completions request body with tool calls. */
export function generateOpenAIChat(options: GenerateOptions): string {
  const messages: unknown[] = [
    { role: 'system', content: 'You are a coding agent working in /home/dev/app.' },
  ];
  let size = 0;
  for (const step of steps(options)) {
    if (
      (options.messages !== undefined && messages.length >= options.messages) ||
      (options.bytes !== undefined && size >= options.bytes)
    )
      break;
    let m: unknown;
    if (step.kind === 'user') m = { role: 'user', content: step.text };
    else if (step.kind === 'tool') m = { role: 'tool', tool_call_id: step.callId, content: step.text };
    else if (step.callId) {
      m = {
        role: 'assistant',
        content: step.text,
        tool_calls: [
          {
            id: step.callId,
            type: 'function',
            function: { name: step.tool, arguments: JSON.stringify(step.args) },
          },
        ],
      };
    } else m = { role: 'assistant', content: step.text };
    messages.push(m);
    size += step.text.length + 40;
  }
  return JSON.stringify({ model: 'gpt-4o', messages });
}
