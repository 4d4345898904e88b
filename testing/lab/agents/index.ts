/** Every agent the lab knows, one line each, in the order `npm run lab` runs them. */
import type { LabAgent } from '../agent';
import { claudeCodeAgent } from './claude-code';
import { codexAgent } from './codex';
import { copilotAgent } from './copilot';
import { geminiCliAgent } from './gemini-cli';
import { kiloAgent } from './kilo';
import { opencodeAgent } from './opencode';
import { piAgent } from './pi';
import { qwenCodeAgent } from './qwen-code';

export const AGENTS: readonly LabAgent[] = [
  claudeCodeAgent,
  codexAgent,
  geminiCliAgent,
  opencodeAgent,
  piAgent,
  kiloAgent,
  qwenCodeAgent,
  copilotAgent,
];
