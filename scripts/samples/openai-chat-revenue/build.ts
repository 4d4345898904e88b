/**
 * An OpenAI Chat Completions request body from a data-analysis agent with a
 * Python tool: it finds what drove a drop in quarterly revenue, tells a data
 * gap from a real decline, and answers two follow-ups. Well under the
 * threshold by default.
 *
 * Beside this file:
 * - `session.txt`: the conversation, as a script (format in `../lib/script.ts`);
 *   the tables the tool prints are filled in from `tables.ts`.
 * - `request.json`: the rest of the request body (model, temperature, tools).
 */
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openaiChatMessages } from '../formats/openaiChat';
import { readJson, readText } from '../lib/files';
import { Rng } from '../lib/random';
import type { Sample } from '../sample';
import { drawRevenue } from './revenue';
import { analysisValues } from './tables';

const DIR = dirname(fileURLToPath(import.meta.url));

function build(): string {
  const rng = new Rng(0x0a1c4a77);
  const values = analysisValues(rng, drawRevenue(rng));
  const messages = openaiChatMessages(
    readText(DIR, 'session.txt'),
    'openai-chat-revenue/session.txt',
    rng,
    values,
  );
  return JSON.stringify({ ...readJson<object>(DIR, 'request.json'), messages }, null, 2) + '\n';
}

export const revenue: Sample = { entry: readJson(DIR, 'sample.json'), build };
