/**
 * What the mock does is chosen by the model name, so a test (or a person in
 * the page) picks a scenario by typing a model, with no server setup.
 */

export const BEHAVIOURS = [
  'silent-after-headers',
  'no-answer',
  'unauthorized',
  'echo-key',
  'quote-key',
  'endless',
  'rate-limited',
  'quota',
  'overflow',
  'length',
  'empty',
  'slow',
  'agent',
  'normal',
] as const;

export type Behaviour = (typeof BEHAVIOURS)[number];

export interface Scenario {
  behaviour: Behaviour;
  /** For `slow`: the pause before each streamed frame, from a `slow-<ms>` model name. */
  delayMs?: number;
  /** Reasoning is streamed before the text when the model name contains `thinking`. */
  thinking: boolean;
  /**
   * From a `window-<tokens>` model name: a prompt estimated above this many
   * tokens is refused with the provider's context-overflow error, as a model
   * with that context window would refuse it; a smaller one is answered.
   */
  windowTokens?: number;
}

/**
 * The first behaviour named anywhere in the model name; `normal` when none is.
 * `agent` is the scripted coding agent the conformance lab points real agents
 * at (`agentScript.ts`): tool calls that read, run and write, then a closing
 * text, and a summary when the agent asks for one.
 */
export function scenarioOf(model: string): Scenario {
  const name = model.toLowerCase();
  const window = /window-(\d+)/.exec(name);
  const thinking = name.includes('thinking');
  if (window) return { ...scenarioOf(name.replace(window[0], '')), windowTokens: Number(window[1]) };
  const slow = /slow(?:-(\d+))?/.exec(name);
  for (const behaviour of BEHAVIOURS) {
    if (behaviour === 'slow' && slow) {
      return { behaviour, thinking, ...(slow[1] ? { delayMs: Number(slow[1]) } : {}) };
    }
    if (behaviour !== 'slow' && behaviour !== 'normal' && name.includes(behaviour))
      return { behaviour, thinking };
  }
  return { behaviour: 'normal', thinking };
}
