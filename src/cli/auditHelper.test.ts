import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compareStrategies, strategiesOfSession } from '../core';
import { createOfflineSummarizer } from '../providers/offline';
import { auditedSession } from './audit';
import {
  SECOND_THREAD_BYTES,
  sessionKey,
  startStrategyHelper,
  strategiesShared,
  wantsSecondThread,
} from './auditHelper';

const quiet = { out() {}, err() {} };
const SAMPLES = join(__dirname, '../../public/samples');
const LINKCHECK = join(SAMPLES, 'claude-code-linkcheck.jsonl');

async function sharedWith(helperArgv: string[] | null) {
  const { history, settings, estimator, found } = await auditedSession([LINKCHECK, '--json'], quiet);
  const comparison = compareStrategies(history, settings, createOfflineSummarizer(), estimator, found);
  const helper = helperArgv ? startStrategyHelper(helperArgv) : null;
  try {
    return { history, got: await strategiesShared(comparison, history, helper) };
  } finally {
    await helper?.stop();
  }
}

describe("audit's second thread for the strategies", () => {
  it('gives what one thread gives, the two taking compactions in turn', async () => {
    const { history, got } = await sharedWith([LINKCHECK, '--json']);
    const { settings, estimator } = await auditedSession([LINKCHECK, '--json'], quiet);
    const alone = await strategiesOfSession(history, settings, createOfflineSummarizer(), estimator);
    expect(history.compactions).toHaveLength(2);
    expect(got).toEqual(alone);
  });

  it('answers every compaction as the main thread would, when the main thread takes none', async () => {
    const { history, settings, estimator } = await auditedSession([LINKCHECK, '--json'], quiet);
    const helper = startStrategyHelper([LINKCHECK, '--json']);
    try {
      const answered = await helper.finish(2, new Set(), sessionKey(history));
      const alone = await strategiesOfSession(history, settings, createOfflineSummarizer(), estimator);
      expect([answered.get(0), answered.get(1)]).toEqual(alone);
    } finally {
      await helper.stop();
    }
  });

  it('does not take the answers of a thread that read another session: the main thread works them out', async () => {
    const other = join(SAMPLES, 'codex-shared-retry.jsonl');
    const { got: mixed } = await sharedWith([other, '--json']);
    const { got: alone } = await sharedWith(null);
    expect(mixed).toEqual(alone);
  });

  it('does without a thread that fails to read its session', async () => {
    const { got: failed } = await sharedWith(['/no/such/file.jsonl', '--json']);
    const { got: alone } = await sharedWith(null);
    expect(failed).toEqual(alone);
  });

  it('is started for a file of some size only, never for a link or a bundle', () => {
    const dir = mkdtempSync(join(tmpdir(), 'audit-thread-'));
    const big = join(dir, 'big.jsonl');
    writeFileSync(big, 'x'.repeat(SECOND_THREAD_BYTES));
    expect(wantsSecondThread([LINKCHECK], {})).toBe(false);
    expect(wantsSecondThread([big], {})).toBe(true);
    expect(wantsSecondThread([big], { link: 'https://example.test/#x' })).toBe(false);
    expect(wantsSecondThread([], { bundle: big })).toBe(false);
    expect(wantsSecondThread([join(dir, 'missing.jsonl')], {})).toBe(false);
  });
});
