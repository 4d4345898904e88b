/**
 * `--prompt FILE`: the user's own summarization prompt. Plain text replaces
 * the instructions of a first summary; a JSON object may set any of the four
 * texts the core sends (`system`, `initial`, `update`, `turnPrefix`).
 */
import { readFile } from 'node:fs/promises';
import { type PromptOverrides, readPromptOverrides } from '../core';
import { UsageError } from './io';

export const PROMPT_HELP = `  --prompt FILE       replace the summarization prompt: plain text replaces the
                      instructions of a first summary; a JSON object sets any of
                      {"system", "initial", "update", "turnPrefix"}`;

export async function readPromptFile(path: string): Promise<PromptOverrides> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new UsageError(`--prompt ${path}: ${code === 'ENOENT' ? 'no such file' : 'cannot be read'}`);
  }
  if (!text.trim()) throw new UsageError(`--prompt ${path}: the file is empty`);
  if (text.trimStart().startsWith('{')) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch (error) {
      throw new UsageError(`--prompt ${path}: not valid JSON (${(error as Error).message})`);
    }
    const { prompts, problems } = readPromptOverrides(parsed);
    if (problems.length) throw new UsageError(`--prompt ${path}: ${problems.join('; ')}`);
    if (Object.keys(prompts).length === 0) throw new UsageError(`--prompt ${path}: sets no prompt`);
    return prompts;
  }
  const { prompts, problems } = readPromptOverrides({ initial: text });
  if (problems.length) throw new UsageError(`--prompt ${path}: ${problems.join('; ')}`);
  return prompts;
}
