/**
 * The harness presets: what popular agents and APIs do when the context
 * fills up, each a strategy beside the playground's own three cut rules.
 */

export type HarnessId =
  'claude-code' | 'codex' | 'opencode' | 'gemini-cli' | 'clear-tool-uses' | 'mask-observations';

export const HARNESSES: readonly HarnessId[] = [
  'claude-code',
  'codex',
  'opencode',
  'gemini-cli',
  'clear-tool-uses',
  'mask-observations',
];

export function isHarness(value: string): value is HarnessId {
  return (HARNESSES as readonly string[]).includes(value);
}

/** The presets that only clear in place and never summarize. */
export const CLEARING_ONLY: readonly HarnessId[] = ['clear-tool-uses', 'mask-observations'];

export function clearsOnly(strategy: string): boolean {
  return (CLEARING_ONLY as readonly string[]).includes(strategy);
}
