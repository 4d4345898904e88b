/**
 * Real text for the counting benchmark, read at bench time from files that
 * ship inside the installed dependencies: TypeScript's `lib.*.d.ts`, package
 * READMEs and package sources. A synthetic corpus of a few hundred words lets
 * the piece cache answer nearly everything; this text has the vocabulary,
 * identifiers, numbers and punctuation of the code and prose that agents read.
 *
 * The files are found in a sorted walk and taken in a fixed order, so a given
 * lockfile always gives the same corpus. They are cut into message-sized
 * pieces and shaped as an agent transcript: user requests, assistant turns
 * with tool calls whose arguments are JSON, and tool results that hold code,
 * declarations, docs and logs.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Message } from '../src/core/message';
import { countedTexts } from '../src/core/estimate';

/** The size of one message's text, about a screen of code. */
export const MESSAGE_CHARS = 3000;

/** Files larger than this are mostly bundles or generated tables, not text an agent reads. */
const MAX_FILE_BYTES = 400_000;

/** At most this much of one file goes in. */
const MAX_FILE_CHARS = 200_000;

interface Source {
  kind: 'declarations' | 'docs' | 'sources';
  path: string;
}

/** Every file under `dir` whose name passes `keep`, in sorted order, symlinks not followed. */
function walk(
  dir: string,
  keep: (name: string) => boolean,
  maxBytes = MAX_FILE_BYTES,
  out: string[] = [],
  depth = 0,
): string[] {
  let names: string[];
  try {
    names = readdirSync(dir).sort();
  } catch {
    return out;
  }
  for (const name of names) {
    if (name.startsWith('.')) continue;
    const path = join(dir, name);
    const stat = statSync(path, { throwIfNoEntry: false });
    if (!stat) continue;
    if (stat.isDirectory()) {
      if (depth < 6 && name !== 'node_modules') walk(path, keep, maxBytes, out, depth + 1);
    } else if (stat.isFile() && stat.size > 0 && stat.size <= maxBytes && keep(name)) {
      out.push(path);
    }
  }
  return out;
}

/** The three kinds of file, each in sorted order. */
function sources(root: string): Source[][] {
  // Read whatever their size (the DOM's are 1.5 MB): their heads are what an agent meets most.
  const declarations = walk(join(root, 'typescript', 'lib'), (n) => /^lib\..*\.d\.ts$/.test(n), Infinity).map(
    (path): Source => ({ kind: 'declarations', path }),
  );
  const docs: Source[] = [];
  const code: Source[] = [];
  for (const pkg of readdirSync(root).sort()) {
    if (pkg.startsWith('.') || pkg === 'typescript') continue;
    const dirs = pkg.startsWith('@')
      ? readdirSync(join(root, pkg))
          .sort()
          .map((p) => join(root, pkg, p))
      : [join(root, pkg)];
    for (const dir of dirs) {
      const readme = ['README.md', 'readme.md', 'Readme.md']
        .map((n) => join(dir, n))
        .find((p) => statSync(p, { throwIfNoEntry: false })?.isFile());
      if (readme) docs.push({ kind: 'docs', path: readme });
      // A few source files per package, so that no single package's style dominates.
      const files = walk(
        dir,
        (n) => /\.(?:[cm]?js|ts)$/.test(n) && !n.endsWith('.d.ts') && !n.includes('.min.'),
      );
      for (const path of files.slice(0, 8)) code.push({ kind: 'sources', path });
    }
  }
  return [code, docs, declarations];
}

/**
 * The files in reading order: the next one always from the kind with the
 * fewest characters taken so far, so any prefix mixes the three evenly until
 * a kind runs out.
 */
function* interleaved(lists: Source[][]): Generator<[Source, string]> {
  const taken = lists.map(() => 0);
  const next = lists.map(() => 0);
  for (;;) {
    let pick = -1;
    for (let k = 0; k < lists.length; k++) {
      if (next[k]! < lists[k]!.length && (pick < 0 || taken[k]! < taken[pick]!)) pick = k;
    }
    if (pick < 0) return;
    const source = lists[pick]![next[pick]!++]!;
    const whole = readFileSync(source.path, 'utf8');
    // The head of a long file, so one file cannot tip the mix.
    const text =
      whole.length > MAX_FILE_CHARS ? whole.slice(0, whole.lastIndexOf('\n', MAX_FILE_CHARS) + 1) : whole;
    taken[pick]! += text.length;
    yield [source, text];
  }
}

/** `text` cut at line ends into pieces of about `size` characters (a longer line is cut where it falls). */
export function cutIntoMessages(text: string, size = MESSAGE_CHARS): string[] {
  const out: string[] = [];
  let from = 0;
  while (from < text.length) {
    let to = Math.min(text.length, from + size);
    if (to < text.length) {
      const lineEnd = text.lastIndexOf('\n', to);
      if (lineEnd > from + size / 2) to = lineEnd + 1;
    }
    out.push(text.slice(from, to));
    from = to;
  }
  return out;
}

export interface RealCorpus {
  /** The transcript: about `bytes` of text in agent-shaped messages. */
  messages: Message[];
  /** Every string a BPE count of the messages covers, in order. */
  texts: string[];
  files: number;
  chars: number;
  /** Characters of each kind of source file that went in. */
  kinds: Record<Source['kind'], number>;
}

const TOOLS: Record<Source['kind'], string> = {
  declarations: 'read_file',
  docs: 'fetch_docs',
  sources: 'read_file',
};

/**
 * A log of reading the files, as a build or test tool prints it: one line per
 * file with its size and a running line count, so numbers and paths vary the
 * way real logs do.
 */
function logOf(paths: string[], sizes: number[], root: string): string {
  let lines = 0;
  return paths
    .map((p, i) => {
      lines += Math.round((sizes[i] ?? 0) / 37);
      const ms = ((sizes[i] ?? 0) % 997) / 10;
      return `[${String(i).padStart(4, '0')}] ok ${p.slice(root.length + 1)} ${sizes[i]} bytes, ${lines} lines total (${ms.toFixed(1)} ms)`;
    })
    .join('\n');
}

/**
 * About `chars` characters of installed files shaped as a transcript: for
 * each file a user request or an assistant tool call (JSON arguments naming
 * the file and a range), and its text in tool results of `MESSAGE_CHARS`; a
 * log tool result after every twenty files.
 */
export function realCorpus(chars: number, root = 'node_modules'): RealCorpus {
  const messages: Message[] = [];
  const kinds = { declarations: 0, docs: 0, sources: 0 };
  let total = 0;
  let files = 0;
  const read: string[] = [];
  const sizes: number[] = [];
  let n = 0;
  const push = (m: Omit<Message, 'id'>) => {
    messages.push({ id: `r${n++}`, ...m } as Message);
    total += m.content.length + (m.toolCalls ?? []).reduce((s, c) => s + c.arguments.length, 0);
  };
  for (const [source, text] of interleaved(sources(root))) {
    if (total >= chars) break;
    files++;
    kinds[source.kind] += text.length;
    read.push(source.path);
    sizes.push(text.length);
    const relative = source.path.slice(root.length + 1);
    const pieces = cutIntoMessages(text);
    if (source.kind === 'docs') {
      push({
        role: 'user',
        content: `Here is the README of ${relative.split('/')[0]}; what does it do?\n\n${pieces[0]}`,
      });
      for (const piece of pieces.slice(1)) push({ role: 'user', content: piece });
      continue;
    }
    const callId = `call_${files.toString(36).padStart(6, '0')}`;
    push({
      role: 'assistant',
      content: `Reading ${relative} (${pieces.length} parts).`,
      toolCalls: [
        {
          id: callId,
          name: TOOLS[source.kind],
          arguments: JSON.stringify({ path: relative, offset: 0, limit: text.length, encoding: 'utf8' }),
        },
      ],
    });
    pieces.forEach((piece, i) =>
      push({ role: 'tool', toolCallId: i === 0 ? callId : `${callId}_${i}`, content: piece }),
    );
    if (files % 20 === 0) {
      push({
        role: 'tool',
        toolCallId: `log_${files}`,
        content: logOf(read.slice(-20), sizes.slice(-20), root),
      });
    }
  }
  const texts = messages.flatMap((m) => countedTexts(m).map((t) => t.text));
  return { messages, texts, files, chars: total, kinds };
}
