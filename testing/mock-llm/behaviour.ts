/**
 * What the mock does is chosen by the model name, so a test (or a person in
 * the page) picks a scenario by typing a model, with no server setup.
 */

export const BEHAVIOURS = [
  'silent-after-headers',
  'no-answer',
  'unauthorized',
  'echo-key',
  'rate-limited',
  'quota',
  'overflow',
  'length',
  'empty',
  'slow',
  'normal',
] as const;

export type Behaviour = (typeof BEHAVIOURS)[number];

export interface Scenario {
  behaviour: Behaviour;
  /** For `slow`: the pause before each streamed frame, from a `slow-<ms>` model name. */
  delayMs?: number;
  /** Reasoning is streamed before the text when the model name contains `thinking`. */
  thinking: boolean;
}

/** The first behaviour named anywhere in the model name; `normal` when none is. */
export function scenarioOf(model: string): Scenario {
  const name = model.toLowerCase();
  const thinking = name.includes('thinking');
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
