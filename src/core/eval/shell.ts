/**
 * Shell tools across agents, and what a command line says about files. A path
 * counts only when nothing else could be meant: a token shaped like a file
 * name with an extension, never a flag, a URL, a number or a bare directory.
 */
import type { ToolCall } from '../message';

/** Tool names that run a shell command, across the agents people use. One table. */
export const SHELL_TOOLS: readonly string[] = [
  'Bash',
  'bash',
  'shell',
  'shell_command',
  'exec_command',
  'local_shell',
  'run_shell_command',
  'run_command',
  'terminal',
];

/** Argument keys that hold the command. */
const COMMAND_KEYS: readonly string[] = ['command', 'cmd'];

/** Shells invoked as `bash -lc "…"`: the script is what was run. */
const SHELL_WRAPPERS = /^(ba|z|da)?sh$/;

function parseArgs(call: ToolCall): Record<string, unknown> | undefined {
  try {
    const args: unknown = JSON.parse(call.arguments);
    return args !== null && typeof args === 'object' && !Array.isArray(args)
      ? (args as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

/** The command line a shell call ran, or undefined for any other call. */
export function shellCommand(call: ToolCall): string | undefined {
  if (!SHELL_TOOLS.includes(call.name)) return undefined;
  const args = parseArgs(call);
  if (!args) return undefined;
  for (const key of COMMAND_KEYS) {
    const value = args[key];
    if (typeof value === 'string' && value.trim()) return value.trim();
    if (Array.isArray(value) && value.every((v) => typeof v === 'string') && value.length > 0) {
      const parts = value as string[];
      if (parts.length === 3 && SHELL_WRAPPERS.test(parts[0]) && /^-\w*c$/.test(parts[1]))
        return parts[2].trim();
      return parts.join(' ').trim();
    }
  }
  return undefined;
}

const FILE_TOKEN =
  /^(?:~\/|\.{1,2}\/|\/)?(?:[\w@+-][\w@.+-]*\/)*[\w@+-][\w@.+-]*\.([A-Za-z][A-Za-z0-9]{0,7})$/;

/**
 * Extensions of files people work on. Code in a command (`console.log`,
 * `app.inject`) has the shape of a file name too; a known extension is what
 * tells them apart.
 */
export const FILE_EXTENSIONS: ReadonlySet<string> = new Set(
  (
    'ts tsx mts cts js jsx mjs cjs json jsonl md mdx txt rst py pyi ipynb go mod sum rs java kt kts scala rb php ' +
    'c h cc cpp cxx hpp cs swift m mm sh bash zsh fish ps1 sql csv tsv html htm css scss sass less vue svelte ' +
    'xml yaml yml toml ini cfg conf env lock log proto graphql gql gradle tf lua ex exs erl hs ml r jl dart ' +
    'zig nim pl pm tex svg png jpg jpeg gif pdf zip gz tar patch diff'
  ).split(' '),
);

/**
 * File paths named as words of a command line, in order, once each. Heredoc
 * bodies and quoted scripts are words too; a path inside them counts only
 * when it stands alone as a word.
 */
export function pathsInCommand(command: string): string[] {
  const out: string[] = [];
  for (const found of command.matchAll(/[^\s;|&<>()]+/g)) {
    // `console.log(…)` and `res.json()` in an inline script are calls, not files.
    if (command[(found.index ?? 0) + found[0].length] === '(') continue;
    const word = found[0].replace(/^['"`]+|['"`,:]+$/g, '');
    if (!word || word.startsWith('-') || word.includes('://') || word.includes('=') || word.includes('*'))
      continue;
    const match = FILE_TOKEN.exec(word);
    if (!match || !FILE_EXTENSIONS.has(match[1].toLowerCase())) continue;
    if (!out.includes(word)) out.push(word);
  }
  return out;
}
