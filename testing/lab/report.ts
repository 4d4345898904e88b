/** How the lab tells its results: one line per agent as it finishes, a table at the end, what changed between versions. */
import type { LabResult } from './checks';

const n = (value: number | null | undefined) =>
  value === null || value === undefined ? '–' : value.toLocaleString('en-US');

function firesAt(r: LabResult): string {
  const f = r.firing;
  if (!f) return r.kept?.summaryPrompt ? 'compacted (no preset run)' : '–';
  const verdict = f.matches ? 'match' : 'MISMATCH';
  return `agent call ${n(f.agentAt)}, preset ${n(f.presetAt)} (${verdict})`;
}

function kept(r: LabResult): string {
  const k = r.kept;
  if (!k || k.summaryPrompt === null) return '–';
  return `${k.userTexts} prompts, ${k.toolCalls} calls, ${k.toolResults} results`;
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
  const mark = r.importExact && r.firing?.matches !== false ? '✓' : '✗';
  const how = r.compactions?.length ? r.compactions.join(' + ') : 'did not compact';
  return `${mark} ${r.name} ${r.version}: ${how}; fires at ${firesAt(r)}; import ${imported(r)}; unseen ${unseen(r)}`;
}

export function formatTable(results: readonly LabResult[]): string {
  const head = ['agent', 'version', 'compacted', 'fires at', 'kept', 'unseen tokens', 'import'];
  const rows = results.map((r) =>
    r.failure
      ? [r.name, r.version, `failed: ${r.failure}`, '', '', '', '']
      : [r.name, r.version, r.compactions?.join(' + ') || 'no', firesAt(r), kept(r), unseen(r), imported(r)],
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
  differs('kept', kept(pinned), kept(newest));
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
