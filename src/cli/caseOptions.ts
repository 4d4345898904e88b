/**
 * The options of `cases` and `check` as one table: each row is how the option
 * is parsed and its lines in `--help`, so the two commands print the same help
 * for what they share and a command's own option is one row beside them.
 */
import { SUMMARIZER_CHOICES } from './summarizerOption';

/** One option: how `parse` reads it, and how `--help` shows it. */
export interface OptionRow {
  /** As typed in `--help`, with its argument: `--model M`. */
  usage: string;
  /** What it does, one sentence; wrapped to the help's width. */
  help: string;
  parse:
    | { readonly type: 'string'; readonly multiple?: boolean }
    | { readonly type: 'boolean'; readonly short?: string };
}

export type OptionTable = Readonly<Record<string, OptionRow>>;

/** What both commands take, in the order `--help` lists them after a command's own. */
export const CASE_RUN_OPTIONS = {
  'follow-links': {
    usage: '--follow-links',
    help: 'read a file through a link out of its folder: a session (for check, also the budgets file and the case folder)',
    parse: { type: 'boolean' },
  },
  provider: {
    usage: '--provider P',
    help: `offline (default) | ${SUMMARIZER_CHOICES.filter((c) => c !== 'offline').join(' | ')}; with a model, probes are asked of it and its answers matched`,
    parse: { type: 'string' },
  },
  model: {
    usage: '--model M',
    help: "the model (default: the provider's usual small model)",
    parse: { type: 'string' },
  },
  'base-url': {
    usage: '--base-url URL',
    help: "the API's address (required for openai-compatible)",
    parse: { type: 'string' },
  },
  json: { usage: '--json', help: 'print one JSON document instead of the lines', parse: { type: 'boolean' } },
  help: { usage: '-h, --help', help: 'show this help', parse: { type: 'boolean', short: 'h' } },
} as const satisfies OptionTable;

const USAGE_WIDTH = 18;
const LINE_WIDTH = 78;

/** Words laid into lines of at most `width` characters (a longer word keeps a line of its own). */
function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  return line ? [...lines, line] : lines;
}

/** The `Options:` block of `--help`: a row per option, its text wrapped beside the usage column. */
export function optionHelp(table: OptionTable): string {
  const indent = ' '.repeat(2 + USAGE_WIDTH + 2);
  return Object.values(table)
    .flatMap((row) => {
      const [first = '', ...rest] = wrap(row.help, LINE_WIDTH - indent.length);
      return [`  ${row.usage.padEnd(USAGE_WIDTH)}  ${first}`, ...rest.map((l) => indent + l)];
    })
    .join('\n');
}

type Parsers<T extends OptionTable> = { [K in keyof T]: T[K]['parse'] };

/** The table as `parse` takes it. */
export function parserOf<T extends OptionTable>(table: T): Parsers<T> {
  return Object.fromEntries(Object.entries(table).map(([name, row]) => [name, row.parse])) as Parsers<T>;
}
