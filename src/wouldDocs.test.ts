/**
 * docs/playground.md says "would" and "does" in the page's own words: each
 * phrase it quotes is what the code that builds the page's text returns.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ifItFired } from './core/explain';
import { keepRecentNote } from './core/fireWindow';
import { harnessTrigger } from './core/harness/registry';
import { DEFAULT_SETTINGS, normalizeSettings } from './core/settings';
import { fateLabel } from './ui/labels';
import { cutLegendText, cutTabText } from './ui/tokens/labels';

/** The doc as one line: its sentences wrap wherever prettier puts them. */
const DOC = readFileSync(join(__dirname, '..', 'docs', 'playground.md'), 'utf8').replace(/\s+/g, ' ');

describe('docs/playground.md on "would" versus "does"', () => {
  it('quotes the verdict\'s "if it fired" as the core words it', () => {
    const plan = { nothingToCompact: false, firstKeptIdx: 185, start: 1 };
    const would = ifItFired({ shouldCompact: false, plan, cleared: [], keptTokens: 13_134, messages: 198 });
    expect(DOC).toContain(`"${would}"`);
  });

  it("quotes the strip's tab and the list's fates", () => {
    expect(DOC).toContain(`"${cutTabText(185, 1, 198, false)}"`);
    expect(DOC).toContain(`"${cutTabText(185, 1, 198, true)}"`);
    expect(DOC).toContain(`"${fateLabel('summarized', false)}"`);
  });

  it("quotes the legend's words for the cut line: a cut, one at the end, and none", () => {
    expect(DOC).toContain(`"${cutLegendText(185, 1, 198, false)}"`);
    expect(DOC).toContain(`"${cutLegendText(9, 0, 9, false)}"`);
    expect(DOC).toContain(`"${cutTabText(1, 1, 7, false)}"`);
    expect(DOC).toContain(`"${cutLegendText(1, 1, 7, false)}"`);
  });

  it("quotes Claude Code's formula with its terms named", () => {
    const { formula } = harnessTrigger('claude-code', 200_000, normalizeSettings(DEFAULT_SETTINGS).harness);
    expect(DOC).toContain(`claude-code: ${formula} = 167,000; fires when reached`);
  });

  it("quotes the make-it-fire offer's reason for its keep-recent", () => {
    const note = keepRecentNote(
      130_834,
      { keepRecentTokens: 45_000 },
      {
        maxContextTokens: 140_000,
        reserveTokens: 16_384,
        keepRecentTokens: 30_000,
      },
    );
    expect(DOC).toContain(`"keep recent 30,000 (${note})"`);
  });
});
