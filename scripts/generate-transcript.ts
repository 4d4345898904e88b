/**
 * Writes a seeded transcript of any size, for trying the page or the command
 * line on large input; the generator itself lives in `testing/transcripts.ts`.
 *
 *   npx tsx scripts/generate-transcript.ts --format claude-code --mb 20 --out big.jsonl
 *   npx tsx scripts/generate-transcript.ts --format openai-chat --messages 20000 --out big.json
 */
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { generateClaudeCode, generateOpenAIChat, type GenerateOptions } from '../testing/transcripts';

const { values } = parseArgs({
  options: {
    format: { type: 'string', default: 'claude-code' },
    mb: { type: 'string' },
    messages: { type: 'string' },
    seed: { type: 'string', default: '1' },
    out: { type: 'string' },
  },
});
const options: GenerateOptions = {
  seed: Number(values.seed),
  bytes: values.mb ? Number(values.mb) * 1_000_000 : undefined,
  messages: values.messages ? Number(values.messages) : undefined,
};
const text = values.format === 'openai-chat' ? generateOpenAIChat(options) : generateClaudeCode(options);
if (values.out) writeFileSync(values.out, text);
else process.stdout.write(text);
