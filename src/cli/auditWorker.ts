/**
 * The second thread of `audit` (see `auditHelper.ts`): reads the session as
 * the command does, then takes compactions from the shared counter and posts
 * what every strategy would have done at each, until none is left.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { compareStrategies } from '../core';
import { errorText } from '../core/errors';
import { createOfflineSummarizer } from '../providers/offline';
import { auditedSession } from './audit';
import { sessionKey, type HelperData, type HelperMessage } from './auditHelper';

const port = parentPort!;
const { argv, claims } = workerData as HelperData;

async function run(): Promise<void> {
  const { history, settings, estimator, found } = await auditedSession(argv, { out() {}, err() {} });
  const comparison = compareStrategies(
    history,
    settings,
    createOfflineSummarizer({ paced: false }),
    estimator,
    found,
  );
  const session = sessionKey(history);
  const count = history.compactions.length;
  for (let k = Atomics.add(claims, 0, 1); k < count; k = Atomics.add(claims, 0, 1)) {
    port.postMessage({ index: k, rows: await comparison.at(k), session } satisfies HelperMessage);
  }
}

run().then(
  () => port.postMessage({ stopped: true } satisfies HelperMessage),
  (error: unknown) => port.postMessage({ stopped: true, error: errorText(error) } satisfies HelperMessage),
);
