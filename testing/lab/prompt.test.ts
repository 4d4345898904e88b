/** A preset's claims about its agent's summarization prompt, held against the prompt sent. */
import { describe, expect, it } from 'vitest';
import { checkPrompt, claimedSections } from './prompt';

describe('claimedSections', () => {
  it("reads Claude Code's nine section names from its preset's instructions, and none for a preset without", () => {
    expect(claimedSections('claude-code')).toHaveLength(9);
    expect(claimedSections('claude-code')[0]).toBe('1. Primary Request and Intent');
    expect(claimedSections('claude-code')[8]).toBe('9. Optional Next Step');
    expect(claimedSections('codex')).toEqual([]);
    expect(claimedSections('pi')).toEqual([]);
  });
});

describe('checkPrompt', () => {
  const sections = claimedSections('claude-code');
  const sent = sections.map((s) => `${s}: in detail.`).join('\n');

  it('matches a prompt that has every claimed section, in whatever words around it', () => {
    expect(checkPrompt('claude-code', `Summarize.\n${sent}`)).toEqual({
      claim: 'sections',
      claimed: sections,
      missing: [],
      matches: true,
    });
  });

  it('names the sections a prompt lacks', () => {
    const without = sent.replace('4. Errors and fixes:', '4. Errors:');
    expect(checkPrompt('claude-code', without)).toMatchObject({
      missing: ['4. Errors and fixes'],
      matches: false,
    });
  });

  it('claims nothing for a preset without instructions of its own, or an agent without a preset', () => {
    expect(checkPrompt('codex', 'You are performing a CONTEXT CHECKPOINT COMPACTION.')).toEqual({
      claim: 'none',
      claimed: [],
      missing: [],
      matches: null,
    });
    expect(checkPrompt(null, 'Summarize.').claim).toBe('none');
  });
});
