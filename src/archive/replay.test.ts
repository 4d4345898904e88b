/** "Replay all" sends with every simulated call the same unseen part the page and `inspect` use. */
import { describe, expect, it } from 'vitest';
import { loadEstimator } from '../core/estimate';
import { DEFAULT_SETTINGS } from '../core/settings';
import LAB_EXPORT from '../formats/fixtures/lab/opencode/export-1.18.33.json';
import { importTranscript } from '../formats/registry';
import { replayImported } from './replay';

const lab = importTranscript(JSON.stringify(LAB_EXPORT));

describe('replayImported', () => {
  it("sends the lab's measure of an OpenCode 1.18.33 session's system prompt and tools with every call", async () => {
    const estimator = await loadEstimator('o200k_base');
    const settings = { ...DEFAULT_SETTINGS, maxContextTokens: 20_000 };
    const measured = await replayImported(lab, settings, estimator, null);
    // 2,012 + 4,721 tokens, measured by the lab: as if typed.
    const typed = await replayImported(lab, { ...settings, unseenTokens: 6_733 }, estimator, null);
    expect(measured.result.curve).toEqual(typed.result.curve);
  });
});
