/**
 * A small in-memory project that a sample session works on. Reads show the
 * project's current text, edits change it, greps search it and the final diff
 * is computed from it, so a session stays consistent with itself: an edit's
 * old text must be there exactly once, or the sample fails to build.
 */

export class Project {
  readonly files = new Map<string, string>();
  private readonly head = new Map<string, string>();

  constructor(
    readonly root: string,
    files: Record<string, string>,
  ) {
    for (const [path, text] of Object.entries(files)) {
      this.files.set(path, text);
      this.head.set(path, text);
    }
  }

  abs(path: string): string {
    return `${this.root}/${path}`;
  }

  rel(path: string): string {
    return path.startsWith(`${this.root}/`) ? path.slice(this.root.length + 1) : path;
  }

  text(path: string): string {
    const text = this.files.get(this.rel(path));
    if (text === undefined) throw new Error(`sample project has no file ${path}`);
    return text;
  }

  /** Claude Code's Read output: right-aligned line numbers and an arrow. */
  numbered(path: string, offset = 1, limit = 2000): string {
    const lines = this.text(path).replace(/\n$/, '').split('\n');
    return lines
      .slice(offset - 1, offset - 1 + limit)
      .map((line, i) => `${String(offset + i).padStart(6)}→${line}`)
      .join('\n');
  }

  /** The 1-based number of the first line containing `needle`, as the file is now. */
  lineOf(path: string, needle: string): number {
    const at = this.text(path)
      .split('\n')
      .findIndex((line) => line.includes(needle));
    if (at === -1) throw new Error(`sample project has no line with ${needle} in ${path}`);
    return at + 1;
  }

  lineCount(path: string): number {
    return this.text(path).replace(/\n$/, '').split('\n').length;
  }

  /** Replaces exactly one occurrence and returns the 1-based line where the new text starts. */
  edit(path: string, oldText: string, newText: string): number {
    const rel = this.rel(path);
    const text = this.text(rel);
    const at = text.indexOf(oldText);
    if (at === -1 || text.indexOf(oldText, at + 1) !== -1)
      throw new Error(`edit of ${rel}: old text must occur exactly once:\n${oldText}`);
    this.files.set(rel, text.slice(0, at) + newText + text.slice(at + oldText.length));
    return text.slice(0, at).split('\n').length;
  }

  write(path: string, text: string): void {
    this.files.set(this.rel(path), text);
  }

  remove(path: string): void {
    this.files.delete(this.rel(path));
  }

  /** Lines matching `pattern`, as `path:line:text` (ripgrep's order: by path). */
  grep(pattern: RegExp, filter: (path: string) => boolean = () => true): string[] {
    const out: string[] = [];
    for (const path of [...this.files.keys()].sort()) {
      if (!filter(path)) continue;
      this.text(path)
        .split('\n')
        .forEach((line, i) => {
          if (pattern.test(line)) out.push(`${this.abs(path)}:${i + 1}:${line}`);
        });
    }
    return out;
  }

  /** Takes the current text as the new base for `diff` (the work was merged). */
  commit(): void {
    for (const [path, text] of this.files) this.head.set(path, text);
  }

  /** `git diff --stat` for the changed files. */
  diffStat(paths = this.changed()): string {
    const rows = paths.map((path) => {
      const lines = this.diff([path]).split('\n');
      const plus = lines.filter((l) => l.startsWith('+') && !l.startsWith('+++')).length;
      const minus = lines.filter((l) => l.startsWith('-') && !l.startsWith('---')).length;
      return { path, plus, minus };
    });
    const width = Math.max(...rows.map((r) => r.path.length));
    const out = rows.map(
      (r) =>
        ` ${r.path.padEnd(width)} | ${String(r.plus + r.minus).padStart(3)} ${'+'.repeat(Math.min(r.plus, 40))}${'-'.repeat(Math.min(r.minus, 20))}`,
    );
    const plus = rows.reduce((s, r) => s + r.plus, 0);
    const minus = rows.reduce((s, r) => s + r.minus, 0);
    out.push(` ${rows.length} files changed, ${plus} insertions(+), ${minus} deletions(-)`);
    return out.join('\n');
  }

  changed(): string[] {
    return [...this.files.keys()].filter((p) => this.files.get(p) !== this.head.get(p)).sort();
  }

  /** `git diff` against the state the session started from, three lines of context. */
  diff(paths = this.changed()): string {
    const out: string[] = [];
    for (const path of paths) {
      const before = this.head.get(path);
      const after = this.files.get(path) ?? '';
      const a = before === undefined ? [] : before.replace(/\n$/, '').split('\n');
      const b = after.replace(/\n$/, '').split('\n');
      out.push(`diff --git a/${path} b/${path}`);
      if (before === undefined) out.push('new file mode 100644', 'index 0000000..' + fakeBlob(after));
      else out.push(`index ${fakeBlob(before)}..${fakeBlob(after)} 100644`);
      out.push(before === undefined ? '--- /dev/null' : `--- a/${path}`, `+++ b/${path}`);
      out.push(...unifiedHunks(a, b));
    }
    return out.join('\n');
  }
}

/** A stable seven-digit hex name for a text, standing in for a git blob id. */
export function fakeBlob(text: string): string {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return (h >>> 0).toString(16).padStart(8, '0').slice(0, 7);
}

/** A plain LCS line diff rendered as unified hunks; the files here are a few hundred lines. */
function unifiedHunks(a: string[], b: string[]): string[] {
  const n = a.length;
  const m = b.length;
  const lcs: number[][] = Array.from({ length: n + 1 }, () => new Array<number>(m + 1).fill(0));
  for (let i = n - 1; i >= 0; i--)
    for (let j = m - 1; j >= 0; j--)
      lcs[i]![j] = a[i] === b[j] ? lcs[i + 1]![j + 1]! + 1 : Math.max(lcs[i + 1]![j]!, lcs[i]![j + 1]!);
  type Op = { kind: ' ' | '-' | '+'; text: string; ai: number; bi: number };
  const ops: Op[] = [];
  let i = 0;
  let j = 0;
  while (i < n || j < m) {
    if (i < n && j < m && a[i] === b[j]) ops.push({ kind: ' ', text: a[i]!, ai: i++, bi: j++ });
    else if (j < m && (i === n || lcs[i]![j + 1]! >= lcs[i + 1]![j]!))
      ops.push({ kind: '+', text: b[j]!, ai: i, bi: j++ });
    else ops.push({ kind: '-', text: a[i]!, ai: i++, bi: j });
  }
  const out: string[] = [];
  let k = 0;
  while (k < ops.length) {
    while (k < ops.length && ops[k]!.kind === ' ') k++;
    if (k === ops.length) break;
    let start = Math.max(0, k - 3);
    let end = k;
    // Extend while changes are within six lines of each other.
    for (;;) {
      while (end < ops.length && ops[end]!.kind !== ' ') end++;
      let next = end;
      while (next < ops.length && ops[next]!.kind === ' ') next++;
      if (next < ops.length && next - end <= 6) end = next;
      else {
        end = Math.min(ops.length, end + 3);
        break;
      }
    }
    const slice = ops.slice(start, end);
    const aStart = slice[0]!.ai + 1;
    const bStart = slice[0]!.bi + 1;
    const aLen = slice.filter((o) => o.kind !== '+').length;
    const bLen = slice.filter((o) => o.kind !== '-').length;
    out.push(`@@ -${aStart},${aLen} +${bStart},${bLen} @@`);
    for (const o of slice) out.push(`${o.kind}${o.text}`);
    k = end;
    start = end;
  }
  return out;
}
