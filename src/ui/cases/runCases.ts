/** Runs cases in the compaction worker for the Cases view; only the newest run's answer is shown. */
import { useCases } from '../../state/casesStore';
import { WorkerRequestError, workerClient } from '../../worker/client';
import type { BudgetsText, CaseFileText } from '../../worker/cases';

/** The worker request of the run under way, and a count of runs asked for. */
let current: number | null = null;
let asked = 0;

/** Runs the cases among `files` (once they are read), judged by `budgets`; a run started before it is cancelled. */
export async function runCases(
  files: CaseFileText[] | Promise<CaseFileText[]>,
  source: string,
  budgets: BudgetsText | Promise<BudgetsText>,
): Promise<void> {
  const set = useCases.setState;
  const mine = ++asked;
  if (current !== null) workerClient.cancel(current);
  current = null;
  set({ status: 'running', source, progress: null, document: null, error: null });
  try {
    const [list, gate] = await Promise.all([files, budgets]);
    if (mine !== asked) return;
    const { id, result } = workerClient.request(
      'cases',
      { files: list, budgets: gate },
      undefined,
      (event) => {
        if (mine === asked) set({ progress: { done: event.done, total: event.total } });
      },
    );
    current = id;
    const document = await result;
    if (mine === asked) set({ status: 'done', document });
  } catch (error) {
    if (mine !== asked) return;
    const failure = error instanceof WorkerRequestError ? error.failure : null;
    set(
      failure?.kind === 'cancelled'
        ? { status: 'cancelled' }
        : {
            status: 'failed',
            error: failure ? failure.message : error instanceof Error ? error.message : String(error),
          },
    );
  } finally {
    if (mine === asked) current = null;
  }
}

/** Stops the run under way. */
export function cancelCases(): void {
  if (current !== null) workerClient.cancel(current);
}
