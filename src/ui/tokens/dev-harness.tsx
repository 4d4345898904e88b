/** A page for looking at the strip alone: `npx vite`, then /src/ui/tokens/dev-harness.html?n=50000. */
import { useCallback, useMemo, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { buildCutIndex, cutAt, keepRecentForCut } from '../../core/cutPoint';
import { fatesFor } from '../../core/fates';
import type { Role } from '../../core/message';
import { boundaryFor, planFromIndex } from '../../core/prepare';
import { DEFAULT_SETTINGS, STRATEGIES } from '../../core/settings';
import type { Strategy } from '../../core/settings';
import { TokenStrip } from './TokenStrip';
import type { StrategyMarker } from './TokenStrip';
import '../styles.css';

function transcript(n: number) {
  let seed = 7;
  const rand = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  const roles: Role[] = ['system'];
  const counts: number[] = [2000];
  const previews: string[] = ['You are a coding agent.'];
  while (roles.length < n) {
    roles.push('user');
    counts.push(Math.round(20 + rand() * 400));
    previews.push(`Please fix the <b>bug</b> #${roles.length}`);
    const steps = 1 + Math.floor(rand() * 6);
    for (let s = 0; s < steps && roles.length < n - 1; s++) {
      roles.push('assistant');
      counts.push(Math.round(50 + rand() * 600));
      previews.push('Let me look at the file.');
      roles.push('tool');
      counts.push(Math.round(100 + Math.pow(rand(), 3) * 9000));
      previews.push('read src/app.ts: 240 lines');
    }
    if (roles.length < n) {
      roles.push('assistant');
      counts.push(Math.round(50 + rand() * 900));
      previews.push('Done.');
    }
  }
  return {
    roles: roles.slice(0, n),
    counts: Float64Array.from(counts.slice(0, n)),
    previews: previews.slice(0, n),
  };
}

const params = new URLSearchParams(location.search);
const N = Number(params.get('n') ?? 50);
if (params.get('theme') === 'dark') document.documentElement.dataset.theme = 'dark';
const data = transcript(N);
const summaryAt = Number(params.get('summary') ?? -1);
const isSummary = data.roles.map((_, i) => i === summaryAt);
const index = buildCutIndex(data.roles, data.counts);
const boundary = boundaryFor(data.roles, isSummary);
const frames: number[] = [];
(window as unknown as { __frames: number[] }).__frames = frames;

function Harness() {
  const [keep, setKeep] = useState(Number(params.get('keep') ?? Math.round(index.suffix[0] * 0.3)));
  const [strategy] = useState<Strategy>('budget');
  const [selected, setSelected] = useState<number | null>(null);
  const max = Math.max(200_000, Math.round(index.suffix[0]));
  const plan = useMemo(
    () => planFromIndex(index, { ...DEFAULT_SETTINGS, keepRecentTokens: keep, strategy }, boundary),
    [keep, strategy],
  );
  const fates = useMemo(() => fatesFor(data.roles, isSummary, plan), [plan]);
  const markers: StrategyMarker[] = STRATEGIES.filter((s) => s !== strategy).map((s) => {
    const c = cutAt(index, boundary.start, keep, s);
    return {
      strategy: s,
      firstKeptIdx: c.firstKeptIdx,
      tokensAfter: Math.round(index.suffix[c.firstKeptIdx] + 1500),
      nothingToCompact: c.firstKeptIdx <= boundary.start,
    };
  });
  const onFrameDrawn = useCallback((ms: number) => frames.push(ms), []);
  const omitted = params.get('omit')
    ? [{ from: boundary.start, to: boundary.start + Math.round(N / 10) }]
    : undefined;
  return (
    <div style={{ maxWidth: 1200 }}>
      <TokenStrip
        roles={data.roles}
        counts={data.counts}
        isSummary={isSummary}
        fates={fates}
        omitted={omitted}
        index={index}
        start={boundary.start}
        keepRecent={keep}
        maxKeepRecent={max}
        onKeepRecentChange={setKeep}
        firstKeptIdx={plan.firstKeptIdx}
        onCutChange={(i) => setKeep(keepRecentForCut(index, i))}
        markers={markers}
        selected={selected}
        onSelect={setSelected}
        previews={data.previews}
        onFrameDrawn={onFrameDrawn}
      />
      <p data-testid="state">
        keep {keep} · cut {plan.firstKeptIdx} · selected {String(selected)}
      </p>
    </div>
  );
}

createRoot(document.getElementById('root')!).render(<Harness />);
