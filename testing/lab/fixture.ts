/**
 * A session file made into a committed fixture: every long string cut to a
 * few hundred characters (the README the agent read, the agent's own system
 * prompt and tool definitions where the file stores them), the scratch paths
 * and the machine's details replaced by fixed ones, so the fixture is small,
 * holds nothing of the machine it ran on, and keeps every line's structure.
 */

/** Strings longer than this are cut: long enough to keep every id, short enough to keep a fixture small. */
export const FIXTURE_STRING_LIMIT = 160;

export const FIXTURE_PROJECT = '/lab/project';
export const FIXTURE_HOME = '/lab/home';

function trimString(value: string, places: readonly [string, string][]): string {
  let text = value;
  for (const [from, to] of places) text = text.split(from).join(to);
  text = text.replace(/Linux \d[\w.+-]*/g, 'Linux');
  return text.length > FIXTURE_STRING_LIMIT
    ? `${text.slice(0, FIXTURE_STRING_LIMIT)}[… trimmed by the lab]`
    : text;
}

function trimValue(value: unknown, places: readonly [string, string][]): unknown {
  if (typeof value === 'string') {
    // A string that is itself JSON (a tool call's arguments) is trimmed inside, so it stays JSON.
    if (/^[[{]/.test(value) && value.length > FIXTURE_STRING_LIMIT) {
      try {
        return JSON.stringify(trimValue(JSON.parse(value), places));
      } catch {
        // not JSON after all
      }
    }
    return trimString(value, places);
  }
  if (Array.isArray(value)) return value.map((item) => trimValue(item, places));
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, trimValue(v, places)]));
  return value;
}

/** The scratch paths and what a fixture says in their place. */
function placesOf(project: string, home: string): [string, string][] {
  return [
    [project, FIXTURE_PROJECT],
    [project.replace(/[/.@]/g, '-'), FIXTURE_PROJECT.replace(/\//g, '-')], // Claude Code's folder name for the project
    [home, FIXTURE_HOME],
    // OpenCode's paths from the file system's root (`path`, a read's `title`), without the leading slash.
    [project.slice(1), FIXTURE_PROJECT.slice(1)],
    [home.slice(1), FIXTURE_HOME.slice(1)],
  ];
}

/** A JSONL session file as a fixture: each line trimmed, `project` and `home` replaced by fixed paths. */
export function trimJsonl(text: string, project: string, home: string): string {
  const places = placesOf(project, home);
  return text
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => JSON.stringify(trimValue(JSON.parse(line), places)))
    .join('\n')
    .concat('\n');
}

/** A session file that is one JSON document (an OpenCode export) as a fixture, trimmed the same way, one field a line (as Prettier writes JSON). */
export function trimJson(text: string, project: string, home: string): string {
  return `${JSON.stringify(trimValue(JSON.parse(text), placesOf(project, home)), null, 2)}\n`;
}

/** A session file as a fixture: JSONL line by line, anything else (`.json`) as one document. */
export function trimSessionFile(file: string, text: string, project: string, home: string): string {
  return file.endsWith('.jsonl') ? trimJsonl(text, project, home) : trimJson(text, project, home);
}
