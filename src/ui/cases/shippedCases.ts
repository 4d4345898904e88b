/**
 * The cases the repository ships (cases/), as files for the worker. The
 * folder is the one source: the bundler makes each file a chunk of its own,
 * fetched only when the Cases view runs them.
 */
import { isCaseFile, sessionPath } from '../../cases/caseFile';
import type { BudgetsText, CaseFileText } from '../../worker/cases';
import SHIPPED_BUDGETS from '../../../compaction-check.json?raw';

const SHIPPED = import.meta.glob<string>(['../../../cases/*.case.json', '../../../cases/sessions/*'], {
  query: '?raw',
  import: 'default',
});

const PREFIX = '../../../';

/** How many cases ship. */
export const SHIPPED_CASES = Object.keys(SHIPPED).filter((p) => p.endsWith('.case.json')).length;

/** The session each case names, as a path beside the other files; null for a case that is not JSON. */
function sessionOf(file: CaseFileText): string | null {
  try {
    const session = (JSON.parse(file.text) as { session?: unknown }).session;
    return typeof session === 'string' ? sessionPath(file.path, session) : null;
  } catch {
    return null;
  }
}

/** Every shipped case and session: a case folder holds the sessions its cases name. */
export async function shippedCaseFiles(): Promise<CaseFileText[]> {
  const files = await Promise.all(
    Object.entries(SHIPPED).map(async ([key, load]) => ({
      path: key.slice(PREFIX.length),
      text: await load(),
    })),
  );
  return files.sort((a, b) => (a.path < b.path ? -1 : 1));
}

const nameOf = (path: string) => path.slice(path.lastIndexOf('/') + 1);

/** The gate's budgets file, by the name `check` reads by default. */
const BUDGETS_FILE = 'compaction-check.json';

/** The budgets the repository's own gate holds its cases to. */
export const shippedBudgets = (): BudgetsText => ({
  path: BUDGETS_FILE,
  text: SHIPPED_BUDGETS,
  shipped: true,
});

/** The budgets file among the files picked (by its name), or else the shipped one. */
export async function pickedBudgets(list: FileList | readonly File[]): Promise<BudgetsText> {
  const file = Array.from(list).find((f) => f.name === BUDGETS_FILE);
  if (!file) return shippedBudgets();
  return { path: file.webkitRelativePath || file.name, text: await file.text(), shipped: false };
}

/**
 * Files the user picked (a folder, or a case with its session): the case
 * files, and only the files they name as sessions (by path in a folder, by
 * name among loose files), each path relative to the picked folder.
 */
export async function pickedCaseFiles(list: FileList | readonly File[]): Promise<CaseFileText[]> {
  const all = Array.from(list, (file) => {
    const full = file.webkitRelativePath || file.name;
    return { path: file.webkitRelativePath ? full.slice(full.indexOf('/') + 1) : full, file };
  });
  const cases = await Promise.all(
    all.filter((f) => isCaseFile(f.path)).map(async (f) => ({ path: f.path, text: await f.file.text() })),
  );
  const wanted = cases.map(sessionOf).filter((p): p is string => p !== null);
  const sessions = all.filter(
    (f) =>
      !isCaseFile(f.path) && (wanted.includes(f.path) || wanted.some((w) => nameOf(w) === nameOf(f.path))),
  );
  return [
    ...cases,
    ...(await Promise.all(sessions.map(async (f) => ({ path: f.path, text: await f.file.text() })))),
  ];
}
