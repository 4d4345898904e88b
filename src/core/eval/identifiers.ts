/**
 * Names an edit declares or redefines: the functions, types and constants a
 * later step will look for by name. Taken from the text an edit writes, never
 * from what it removes.
 */
import { FILE_TOOLS } from '../fileOps';
import type { ToolCall } from '../message';
import { PATCH_TOOLS, patchAddedLines, patchText } from '../patchFiles';

/** Argument keys that hold the new text of an edit, by agent. */
const NEW_TEXT_KEYS: readonly string[] = [
  'new_string',
  'newString',
  'newText',
  'new_str',
  'new',
  'replacement',
];

/** Edit tools, whose arguments carry the new text (writes of whole files are not edits): the file tools' own. */
const EDIT_TOOLS: readonly string[] = Object.keys(FILE_TOOLS).filter((name) => FILE_TOOLS[name] === 'edit');

/** A declaration of a function or type in the common languages, wherever it stands. */
const DECLARATION =
  /\b(?:function\*?|def|func(?:\s*\([^)]*\))?|fn|class|interface|type|enum|struct|trait)\s+([A-Za-z_$][\w$]*)/g;

/**
 * A variable counts only at the top of a file (no indentation, maybe
 * exported): a local `const total` inside a function is no name a later step
 * looks for.
 */
const TOP_LEVEL_VARIABLE = /^(?:export\s+)?(?:const|let|var)\s+([A-Za-z_$][\w$]*)/gm;

/** Words that follow a keyword but are not names (`type X struct`, `const enum`). */
const NOT_NAMES = new Set(
  (
    'enum struct interface class function async const let var ' +
    // A Go function type (`func(status int) bool`) reads like a declaration of its result type.
    'bool string error int int8 int16 int32 int64 uint uint8 uint16 uint32 uint64 float32 float64 byte rune any'
  ).split(' '),
);

const MIN_NAME = 3;

/** Names declared in a piece of code, in order, once each. */
export function declaredNames(code: string): string[] {
  const out: string[] = [];
  const matches = [...code.matchAll(DECLARATION), ...code.matchAll(TOP_LEVEL_VARIABLE)].sort(
    (a, b) => (a.index ?? 0) - (b.index ?? 0),
  );
  for (const match of matches) {
    const name = match[1];
    if (name.length < MIN_NAME || NOT_NAMES.has(name) || out.includes(name)) continue;
    out.push(name);
  }
  return out;
}

/** The new text an edit call writes: its replacement strings, or a patch's added lines. */
export function editedText(call: ToolCall): string | undefined {
  if (PATCH_TOOLS.includes(call.name)) {
    const patch = patchText(call.arguments);
    return patch === undefined ? undefined : patchAddedLines(patch).join('\n');
  }
  if (!EDIT_TOOLS.includes(call.name)) return undefined;
  let args: unknown;
  try {
    args = JSON.parse(call.arguments);
  } catch {
    return undefined;
  }
  if (args === null || typeof args !== 'object' || Array.isArray(args)) return undefined;
  const record = args as Record<string, unknown>;
  const pieces: string[] = [];
  const take = (r: Record<string, unknown>) => {
    for (const key of NEW_TEXT_KEYS) if (typeof r[key] === 'string') pieces.push(r[key] as string);
  };
  take(record);
  if (Array.isArray(record.edits)) {
    for (const edit of record.edits)
      if (edit && typeof edit === 'object') take(edit as Record<string, unknown>);
  }
  return pieces.length ? pieces.join('\n') : undefined;
}
