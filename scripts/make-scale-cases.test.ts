import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { build } from './make-scale-cases';
import { SCENARIOS } from './scale-cases/scenarios';

describe('the real-scale cases', () => {
  it('are what scripts/make-scale-cases.ts writes: the sessions byte for byte, the case files as formatted', async () => {
    for (const scenario of SCENARIOS) {
      const built = await build(scenario);
      expect(readFileSync(built.sessionFile, 'utf8') === built.session, built.sessionFile).toBe(true);
      expect(readFileSync(built.file, 'utf8')).toBe(built.json);
    }
  });
});
