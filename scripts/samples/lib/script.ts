/**
 * The sessions of the samples are written as scripts: plain text split into
 * sections by header lines `-- kind arguments --`, the layout of Go's txtar
 * test fixtures. Prose, code and tool output sit in the file exactly as they
 * appear in the transcript, with no quoting or escapes, so a script reads
 * like the session it becomes and diffs like one.
 *
 *   -- # Turn 1: the month range --            a comment for the reader, with its body
 *   -- prompt --                               kind `prompt`, no arguments
 *   Ana from Kea Studio says …                 its body: the lines up to the next header
 *   -- read src/dates/month.ts 1 40 --         positional arguments
 *   -- bash "Run the tests" timeout=120000 --  a quoted argument and an option
 *
 * A body is the exact text between two headers, without the line break that
 * ends its last line: a body that itself ends in a line break is followed by
 * an empty line. Text before the first header is a comment.
 *
 * Each format's player says how deep a kind nests (a `step` holds a `read`, a
 * `bash` holds its `output`), and the parser builds that tree.
 *
 * A body may name a computed value as `{{name argument}}`; the sample's
 * builder fills it in when the player reaches it, in script order, because
 * values drawn from the seeded generator must be drawn in the order the
 * transcript shows them.
 */

export interface Section {
  kind: string;
  /** Positional arguments of the header, after the kind. */
  args: string[];
  /** `key=value` arguments of the header. */
  opts: Record<string, string>;
  body: string;
  children: Section[];
  /** `file:line` of the header, for error messages. */
  where: string;
}

/** Named computed values a script may use, each given the text after its name. */
export type Values = Record<string, (argument: string) => string>;

const HEADER = /^-- (.+) --$/;
const TOKEN = /([\w-]+)=(?:"([^"]*)"|(\S*))|"([^"]*)"|(\S+)/g;
const PLACEHOLDER = /\{\{(\S+?)(?: ([^}]*))?\}\}/g;

/** The sections of `text` as a tree; `levelOf` gives a kind's depth, 1 for the top. */
export function parseScript(text: string, levelOf: (kind: string) => number, file = 'script'): Section[] {
  const lines = text.split('\n');
  const starts = lines.flatMap((line, i) => (HEADER.test(line) ? [i] : []));
  const roots: Section[] = [];
  const open: { section: Section; level: number }[] = [];
  starts.forEach((start, k) => {
    const end = starts[k + 1] ?? lines.length;
    let body = lines.slice(start + 1, end).join('\n');
    if (end === lines.length && body.endsWith('\n')) body = body.slice(0, -1);
    const section = {
      ...header(HEADER.exec(lines[start]!)![1]!),
      body,
      children: [],
      where: `${file}:${start + 1}`,
    };
    if (section.kind === '#') return;
    const level = levelOf(section.kind);
    while (open.length && open.at(-1)!.level >= level) open.pop();
    if (!open.length && level > 1) throw new Error(`${section.where}: "${section.kind}" outside its section`);
    (open.length ? open.at(-1)!.section.children : roots).push(section);
    open.push({ section, level });
  });
  return roots;
}

function header(text: string): Pick<Section, 'kind' | 'args' | 'opts'> {
  const args: string[] = [];
  const opts: Record<string, string> = {};
  for (const [, key, quotedValue, value, quoted, word] of text.matchAll(TOKEN)) {
    if (key !== undefined) opts[key] = quotedValue ?? value ?? '';
    else args.push(quoted ?? word!);
  }
  return { kind: args.shift()!, args, opts };
}

/** `template` with every `{{name argument}}` replaced by its value. */
export function fill(template: string, values: Values, where: string): string {
  return template.replace(PLACEHOLDER, (_, name: string, argument: string | undefined) => {
    const value = values[name];
    if (!value) throw new Error(`${where}: no value named {{${name}}}`);
    return value(argument ?? '');
  });
}

/** The body of the one child of `kind`. */
export function childBody(section: Section, kind: string): string {
  const found = section.children.filter((c) => c.kind === kind);
  if (found.length !== 1) throw new Error(`${section.where}: "${section.kind}" needs one "${kind}"`);
  return found[0]!.body;
}

/** A numeric argument or option, if given. */
export function numberArg(value: string | undefined): number | undefined {
  return value === undefined ? undefined : Number(value);
}
