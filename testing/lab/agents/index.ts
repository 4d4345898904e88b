/** Every agent the lab knows, one line each, in the order `npm run lab` runs them. */
import type { LabAgent } from '../agent';
import { claudeCodeAgent } from './claude-code';
import { codexAgent } from './codex';

export const AGENTS: readonly LabAgent[] = [claudeCodeAgent, codexAgent];
