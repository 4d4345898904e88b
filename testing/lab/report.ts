/** How the lab tells its results: one line per agent as it finishes, a table at the end, what changed between versions. */
import type { LabResult } from './checks';
import type { KeptCheck, KeptSide } from './kept';

const n = (value: number | null | undefined) =>
  value === null || value === undefined ? '–' : value.toLocaleString('en-US');

function firesAt(r: LabResult): string {
  const f = r.firing;
  if (!f) {
    // Without a preset the agent's own call is still known: its first summarization request.
    const agent = r.kept?.summaryCall ? `agent call ${n(r.kept.summaryCall)}, ` : '';
    return r.noPreset ? `${agent}no preset run: ${r.noPreset}` : '–';
  }
  const verdict = f.matches ? 'match' : 'MISMATCH';
  return `agent call ${n(f.agentAt)}, preset ${n(f.presetAt)} (${verdict})`;
}

/** One side's kept part in a few words: messages, and of them prompts, calls and results, and tokens. */
function keptSide(side: KeptSide): string {
  const parts = [`${side.userTexts} prompts`, `${side.toolCalls} calls`, `${side.toolResults} results`];
  return `${side.messages} (${parts.join(', ')}; ${n(side.tokens)} tokens)`;
}

/** "agent N / preset M": the messages each kept verbatim of the conversation at the summarization call. */
function kept(r: LabResult): string {
  const k = r.kept;
  if (!k || k.summaryCall === null) return '–';
  const agent = k.agent ? `agent ${k.agent.messages}` : 'agent –';
  if (!k.preset) return `${agent} of ${k.conversation}`;
  const verdict = k.matches === null ? '' : k.matches ? ' (match)' : ' (MISMATCH)';
  return `${agent} / preset ${k.preset.messages} of ${k.conversation}${verdict}`;
}

/** Both sides in full, for the line under an agent whose kept parts differ and for `--latest`. */
export function keptDetail(k: KeptCheck | undefined): string {
  if (!k || k.summaryCall === null) return '–';
  const agent = k.agent ? keptSide(k.agent) : 'no request after the summary';
  const preset = k.preset ? `; preset ${k.preset.strategy} ${keptSide(k.preset)}` : '';
  const verdict = k.matches === null ? '' : k.matches ? ' (match)' : ' (MISMATCH)';
  return `of ${k.conversation} messages at call ${k.summaryCall}, agent kept ${agent}${preset}${verdict}`;
}

/** The preset's claim about the summarization prompt: its sections found in the agent's, or none made. */
function promptMatch(r: LabResult): string {
  const p = r.prompt;
  if (!p || p.claim === 'none') return 'not claimed';
  const found = p.claimed.length - p.missing.length;
  const verdict = p.matches === null ? '' : p.matches ? ' (match)' : ` (MISSING ${p.missing.join(', ')})`;
  return `${found} of ${p.claimed.length} sections${verdict}`;
}

function unseen(r: LabResult): string {
  const u = r.unseen;
  return u
    ? `${n(u.systemTokens + u.toolTokens)} (${n(u.systemTokens)} system + ${n(u.toolTokens)} tools)`
    : '–';
}

function imported(r: LabResult): string {
  if (!r.imports?.length) return 'no file';
  const compactions = r.imports.reduce((sum, c) => sum + c.compactionsImported, 0);
  return `${r.importExact ? 'exact' : 'NOT EXACT'} (${r.imports.length} file(s), ${compactions} compaction(s))`;
}

export function formatLine(r: LabResult): string {
  if (r.failure) return `✗ ${r.name} ${r.version}: ${r.failure}`;
  const agrees = r.firing?.matches !== false && r.kept?.matches !== false && r.prompt?.matches !== false;
  const mark = r.importExact && agrees ? '✓' : '✗';
  const how = r.compactions?.length ? r.compactions.join(' + ') : 'did not compact';
  return `${mark} ${r.name} ${r.version}: ${how}; fires at ${firesAt(r)}; kept ${kept(r)}; prompt ${promptMatch(r)}; import ${imported(r)}; unseen ${unseen(r)}`;
}

export function formatTable(results: readonly LabResult[]): string {
  const head = [
    'agent',
    'version',
    'compacted',
    'fires at (agent / preset)',
    'kept (agent / preset)',
    'prompt',
    'unseen tokens',
    'import',
  ];
  const rows = results.map((r) =>
    r.failure
      ? [r.name, r.version, `failed: ${r.failure}`, '', '', '', '', '']
      : [
          r.name,
          r.version,
          r.compactions?.join(' + ') || 'no',
          firesAt(r),
          kept(r),
          promptMatch(r),
          unseen(r),
          imported(r),
        ],
  );
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i].length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => c.padEnd(widths[i]))
      .join(' | ')
      .trimEnd();
  return [line(head), widths.map((w) => '-'.repeat(w)).join('-|-'), ...rows.map(line)].join('\n');
}

/** A prompt in a line: its length and where it starts. */
function promptBrief(text: string): string {
  if (!text) return '–';
  const start = text.replace(/\s+/g, ' ').trim().slice(0, 60);
  return `${n(text.length)} characters, "${start}…"`;
}

/** What differs between the pinned run and the newest: the regression sentinel of `--latest`. */
export function compareVersions(pinned: LabResult, newest: LabResult): string[] {
  const what = `${newest.name} ${newest.version} against ${pinned.version}`;
  if (pinned.failure || newest.failure)
    return [`${what}: cannot compare (${newest.failure ?? pinned.failure})`];
  const changes: string[] = [];
  const differs = (label: string, a: string, b: string) => {
    if (a !== b) changes.push(`${label}: ${a} → ${b}`);
  };
  differs('threshold', n(pinned.firing?.threshold), n(newest.firing?.threshold));
  differs('fires at call', n(pinned.firing?.agentAt), n(newest.firing?.agentAt));
  differs('kept', keptDetail(pinned.kept), keptDetail(newest.kept));
  differs('prompt sections', promptMatch(pinned), promptMatch(newest));
  const prompt = (r: LabResult) => r.kept?.summaryPrompt ?? '';
  if (prompt(pinned) !== prompt(newest))
    changes.push(`summary prompt: ${promptBrief(prompt(pinned))} → ${promptBrief(prompt(newest))}`);
  differs('system prompt and tools', unseen(pinned), unseen(newest));
  differs(
    'file format',
    pinned.imports?.map((c) => c.detected).join(',') ?? '–',
    newest.imports?.map((c) => c.detected).join(',') ?? '–',
  );
  differs('import', imported(pinned), imported(newest));
  return changes.length ? [`${what}:`, ...changes.map((c) => `  ${c}`)] : [`${what}: nothing changed`];
}
