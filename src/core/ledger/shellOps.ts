/**
 * What a shell command line does to files, and what it is for. Agents edit
 * through the shell as often as through their edit tools (`sed -i`, a
 * heredoc into a file, `mv`, Codex's `apply_patch <<EOF`), and a bill that
 * only sees edit tools calls a session of shell edits one long search for its
 * first edit. Re-running the tests after a change is checking the work, not
 * forgetting it, so commands are told apart by purpose as well.
 */
import { patchFiles } from '../patchFiles';
import { pathsInCommand } from '../eval/shell';

export interface ShellTouches {
  /** Files the command prints or takes as input, in order, once each. */
  reads: string[];
  /** Files it writes, moves, copies onto or deletes, in order, once each. */
  writes: string[];
  /** It changes the work tree, even where no file can be named (`git apply`, `patch`). */
  edits: boolean;
}

/** Programs whose file arguments a command prints: a read by another name. */
export const SHELL_READERS: ReadonlySet<string> = new Set([
  'cat',
  'head',
  'tail',
  'sed',
  'less',
  'more',
  'bat',
  'nl',
  'awk',
  'wc',
  'view',
  'type',
  'Get-Content',
]);

/** Words before the program that only set how it runs. */
const PREFIXES: ReadonlySet<string> = new Set(['sudo', 'command', 'env', 'time', 'nohup', 'exec']);

type Token = { op: string } | { word: string };

/**
 * The command line as shell words and operators: quotes group and are
 * removed, a backslash escapes, `2>` and `&>` are redirections. Enough of the
 * shell's grammar to find programs, arguments and redirect targets; anything
 * it cannot place is a word.
 */
function tokenize(line: string): Token[] {
  const out: Token[] = [];
  let word = '';
  let inWord = false;
  const flush = () => {
    if (inWord) out.push({ word });
    word = '';
    inWord = false;
  };
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (c === "'" || c === '"') {
      const end = line.indexOf(c, i + 1);
      const stop = end < 0 ? line.length : end;
      word += line.slice(i + 1, stop);
      inWord = true;
      i = stop;
    } else if (c === '\\' && i + 1 < line.length) {
      if (line[i + 1] !== '\n') {
        word += line[i + 1];
        inWord = true;
      }
      i++;
    } else if (c === ' ' || c === '\t') {
      flush();
    } else if (c === '\n' || c === ';' || c === '(' || c === ')') {
      flush();
      out.push({ op: c === '\n' ? ';' : c });
    } else if (c === '&' || c === '|') {
      const pair = line[i + 1] === c;
      if (c === '&' && line[i + 1] === '>') {
        flush();
        out.push({ op: '>' });
        i += line[i + 2] === '>' ? 2 : 1;
        continue;
      }
      flush();
      out.push({ op: ';' });
      if (pair) i++;
    } else if (c === '>' || c === '<') {
      // A bare file descriptor before it (`2>`) belongs to the redirection.
      if (/^\d$/.test(word) && inWord) word = '';
      else flush();
      inWord = false;
      if (c === '<' && line[i + 1] === '<') {
        out.push({ op: '<<' });
        i++;
        continue;
      }
      if (line[i + 1] === '>' || line[i + 1] === '|') i++;
      if (line[i + 1] === '&') {
        // `>&2`, `2>&1`: a descriptor, not a file.
        i++;
        while (i + 1 < line.length && /[\d-]/.test(line[i + 1]!)) i++;
        continue;
      }
      out.push({ op: c });
    } else {
      word += c;
      inWord = true;
    }
  }
  flush();
  return out;
}

interface Heredoc {
  /** The line with every heredoc body taken out. */
  line: string;
  bodies: string[];
}

/** Heredoc bodies (`<<EOF … EOF`, `<<'EOF'`, `<<-EOF`) taken out of the line, where no rule should read them as commands. */
function takeHeredocs(command: string): Heredoc {
  const lines = command.split('\n');
  const kept: string[] = [];
  const bodies: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    kept.push(line);
    for (const m of line.matchAll(/<<-?\s*(['"]?)([A-Za-z_][\w.-]*)\1/g)) {
      const end = lines.findIndex((l, j) => j > i && l.trim() === m[2]);
      const stop = end < 0 ? lines.length : end;
      bodies.push(lines.slice(i + 1, stop).join('\n'));
      i = stop;
    }
  }
  return { line: kept.join('\n'), bodies };
}

/** One simple command: its program and words, and where its output goes and its input comes from. */
interface Simple {
  program: string;
  args: string[];
  outputs: string[];
  inputs: string[];
}

function simpleCommands(tokens: readonly Token[]): Simple[] {
  const out: Simple[] = [];
  let words: string[] = [];
  let outputs: string[] = [];
  let inputs: string[] = [];
  const end = () => {
    let k = 0;
    while (k < words.length && (PREFIXES.has(words[k]!) || /^[A-Za-z_]\w*=/.test(words[k]!))) k++;
    if (k < words.length || outputs.length || inputs.length) {
      const program = words[k] ?? '';
      out.push({
        program: program.slice(program.lastIndexOf('/') + 1),
        args: words.slice(k + 1),
        outputs,
        inputs,
      });
    }
    words = [];
    outputs = [];
    inputs = [];
  };
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    if ('word' in t) {
      words.push(t.word);
      continue;
    }
    const next = tokens[i + 1];
    const target = next && 'word' in next ? next.word : undefined;
    if (t.op === '>' || t.op === '<' || t.op === '<<') {
      if (target !== undefined) i++;
      if (target === undefined || t.op === '<<') continue;
      (t.op === '>' ? outputs : inputs).push(target);
      continue;
    }
    end();
  }
  end();
  return out;
}

const isPath = (word: string): boolean => pathsInCommand(word).length === 1;
const paths = (words: readonly string[]): string[] => words.filter((w) => !w.startsWith('-') && isPath(w));
/** A flag cluster that edits in place: `-i`, `-i.bak`, `-pi`, `-pie`, `--in-place`. */
const inPlace = (args: readonly string[]): boolean =>
  args.some((a) => a.startsWith('--in-place') || /^-[a-zA-Z]*i/.test(a));

/** The files one simple command writes, and whether it edits without naming them. */
function writesOf(c: Simple): { writes: string[]; edits: boolean } {
  const files = paths(c.args);
  const writes = c.outputs.filter((o) => o !== '/dev/null' && !o.startsWith('/dev/'));
  switch (c.program) {
    case 'sed':
    case 'perl':
      return { writes: inPlace(c.args) ? [...files, ...writes] : writes, edits: false };
    case 'mv':
    case 'rm':
    case 'tee':
    case 'touch':
    case 'truncate':
    case 'unlink':
      return { writes: [...files, ...writes], edits: files.length > 0 };
    case 'cp':
    case 'install':
      return { writes: [...files.slice(-1), ...writes], edits: files.length > 0 };
    case 'patch':
      return { writes, edits: true };
    case 'git': {
      const sub = c.args.find((a) => !a.startsWith('-'));
      if (sub === 'apply' || sub === 'am' || sub === 'stash') return { writes, edits: sub !== 'stash' };
      if (sub === 'restore' || sub === 'rm' || sub === 'mv' || (sub === 'checkout' && c.args.includes('--')))
        return { writes: [...files, ...writes], edits: true };
      return { writes, edits: false };
    }
    default:
      return { writes, edits: false };
  }
}

/** What a command line reads and writes, segment by segment, heredocs and `apply_patch` included. */
export function shellTouches(command: string): ShellTouches {
  const { line, bodies } = takeHeredocs(command);
  const reads: string[] = [];
  const writes: string[] = [];
  const add = (list: string[], path: string) => {
    if (!list.includes(path)) list.push(path);
  };
  let edits = false;
  const patch = command.indexOf('*** Begin Patch');
  if (patch >= 0) {
    for (const file of patchFiles(command.slice(patch))) add(writes, file.path);
    edits = true;
  }
  for (const c of simpleCommands(tokenize(line))) {
    const w = writesOf(c);
    for (const path of w.writes) add(writes, path);
    edits ||= w.edits || w.writes.length > 0;
    if (c.program === 'apply_patch')
      for (const body of bodies) for (const file of patchFiles(body)) add(writes, file.path);
    if (c.program === 'apply_patch') edits = true;
    for (const input of c.inputs) if (isPath(input)) add(reads, input);
    const inPlaceEdit = (c.program === 'sed' || c.program === 'perl') && inPlace(c.args);
    if (SHELL_READERS.has(c.program) && !inPlaceEdit) for (const path of paths(c.args)) add(reads, path);
  }
  return { reads, writes, edits };
}

/**
 * What a command is run for: `verify` checks the work (tests, lint, types, a
 * build), `gather` brings context back (listing, searching, history, status),
 * `other` anything else. A command line is `verify` when every program it
 * runs, past `cd`, is one.
 */
export type CommandPurpose = 'verify' | 'gather' | 'other';

/** Test runners, linters, type checkers and builds, across the toolchains people use. */
const VERIFY =
  /^((npm|pnpm|yarn|bun)\s+(run\s+)?(test|lint|build|check|typecheck|type-check|tsc|format:check|verify|ci)\b|npx\s+(vitest|jest|mocha|playwright\s+test|tsc|eslint|prettier\s+--check|biome)\b|(vitest|jest|mocha|tsc|eslint|biome|ruff|mypy|pyright|flake8|pylint|black\s+--check|pytest|tox|rspec|phpunit|ctest)\b|python3?\s+-m\s+(pytest|unittest|mypy)\b|(cargo)\s+(test|build|check|clippy)\b|go\s+(test|build|vet)\b|(deno|dotnet|swift|mix)\s+(test|build|check)\b|make(\s+(test|check|build|lint|all))?\s*$|(gradle\w*|\.\/gradlew)\s+(test|build|check)\b|mvn\w*\s+(test|verify|compile|package)\b)/;

/** Programs that only look: at files, at the tree, at history. */
const GATHER: ReadonlySet<string> = new Set([
  ...SHELL_READERS,
  'ls',
  'tree',
  'find',
  'fd',
  'grep',
  'rg',
  'ag',
  'pwd',
  'stat',
  'file',
  'du',
  'which',
  'echo',
]);
const GIT_GATHER = new Set([
  'status',
  'log',
  'diff',
  'show',
  'branch',
  'blame',
  'grep',
  'ls-files',
  'rev-parse',
]);

/** `touches`: the line's `shellTouches`, when the caller has them already. */
export function commandPurpose(command: string, touches = shellTouches(command)): CommandPurpose {
  const { line } = takeHeredocs(command);
  const segments = line
    .split(/&&|\|\||[;\n]/)
    .map((s) => s.trim().replace(/^([A-Za-z_]\w*=\S*\s+)+/, ''))
    .filter((s) => s && !/^cd(\s|$)/.test(s));
  if (segments.length === 0) return 'other';
  if (segments.every((s) => VERIFY.test(s))) return 'verify';
  if (touches.edits) return 'other';
  const gathers = simpleCommands(tokenize(line)).every(
    (c) =>
      c.program === 'cd' ||
      GATHER.has(c.program) ||
      (c.program === 'git' && GIT_GATHER.has(c.args.find((a) => !a.startsWith('-')) ?? '')),
  );
  return gathers ? 'gather' : 'other';
}
