/**
 * What the six real-scale cases are made of (each listed in `scenarios.ts`): for each, the project, the agent's file format,
 * the turns (filler made by `conversation.ts` around the planted calls), the
 * agent's recorded compaction, and the gold facts with the words that prove
 * them. Facts from before the cut live where real ones do: a constraint in
 * the user's first message, an error or a number only in a tool's output, a
 * decision in a reply. Every fact carries a distinctive token (a number, a
 * path, an identifier) that the filler never writes, so a kept fact is a
 * kept fact and the tail restates none of them.
 */
import type { FactKind } from '../../src/core';
import type { ProbeKind } from '../../src/core/eval/probes';
import type { Project, Round } from './conversation';
import type { SessionFormat } from './writers';

export interface PlantedFact {
  id: string;
  kind: FactKind;
  side: 'before' | 'after';
  /** What must survive; the quote when absent. */
  text?: string;
  /** Words of the session; the first message that has them is the evidence. */
  quote: string;
}

export interface Beat {
  user: string;
  /** Calls of the scenario, spread among the filler. */
  planted?: Round[];
  filler: number;
  reply?: string;
}

export interface Scenario {
  id: string;
  description: string;
  format: SessionFormat;
  seed: number;
  project: Project;
  beats: Beat[];
  /** The agent's own compaction: after this beat; pi keeps from `keptFromBeat`'s user message. */
  compaction?: { afterBeat: number; keptFromBeat?: number; summary: string };
  /** A numeric cut at this beat's user message (the case's controls come after it). */
  cutBeat?: number;
  facts: PlantedFact[];
  probes: { kind: ProbeKind; question: string; expected: string[] }[];
}

export const read = (target: string, output: string, say = ''): Round => ({
  say,
  tool: 'read',
  target,
  output,
});
export const bash = (target: string, output: string, say = ''): Round => ({
  say,
  tool: 'bash',
  target,
  output,
});
export const grep = (target: string, output: string): Round => ({ say: '', tool: 'grep', target, output });
export const edit = (target: string, old: string, replacement: string, say = ''): Round => ({
  say,
  tool: 'edit',
  target,
  edit: { old, new: replacement },
  output: `Edited ${target}: 1 replacement.`,
});

export const work = (n: number) =>
  `Keep going with the ${['next step', 'plan', 'investigation', 'fix'][n % 4]}.`;

export const LEDGER: Project = {
  cwd: '/home/dev/ledger',
  modules: ['money', 'statements', 'accounts', 'ledger', 'export', 'jobs'],
  nouns: [
    'amount',
    'account',
    'entry',
    'balance',
    'statement',
    'period',
    'posting',
    'journal',
    'rate',
    'batch',
  ],
  verbs: ['load', 'post', 'settle', 'split', 'merge', 'apply', 'check', 'build', 'sum', 'read'],
  testCommand: 'npm test -- --run',
};

export const BOOKING: Project = {
  cwd: '/srv/booking-api',
  modules: ['slots', 'calendar', 'notify', 'auth', 'billing', 'http'],
  nouns: ['slot', 'booking', 'guest', 'venue', 'shift', 'window', 'reminder', 'seat', 'hold', 'token'],
  verbs: ['find', 'hold', 'release', 'notify', 'parse', 'render', 'queue', 'lock', 'map', 'fetch'],
  testCommand: 'npx vitest run',
};

export const MAPS: Project = {
  cwd: '/home/ana/tilekit',
  modules: ['tiles', 'render', 'cache', 'geo', 'style', 'server'],
  nouns: ['tile', 'layer', 'zoom', 'feature', 'bounds', 'glyph', 'sprite', 'source', 'style', 'label'],
  verbs: ['encode', 'decode', 'clip', 'simplify', 'project', 'draw', 'fetch', 'evict', 'warm', 'index'],
  testCommand: 'pnpm test',
};

export const SEARCH: Project = {
  cwd: '/home/dev/docsearch',
  modules: ['index', 'query', 'crawl', 'rank', 'store', 'api'],
  nouns: ['doc', 'term', 'shard', 'score', 'query', 'field', 'token', 'page', 'snippet', 'posting'],
  verbs: ['crawl', 'tokenize', 'score', 'merge', 'flush', 'rank', 'parse', 'boost', 'trim', 'split'],
  testCommand: 'npm run test',
};

export const PAYROLL: Project = {
  cwd: '/work/payroll',
  modules: ['pay', 'tax', 'employees', 'reports', 'import', 'calendar'],
  nouns: [
    'payslip',
    'employee',
    'gross',
    'deduction',
    'period',
    'allowance',
    'rate',
    'holiday',
    'run',
    'grade',
  ],
  verbs: ['compute', 'import', 'prorate', 'round', 'export', 'close', 'check', 'load', 'sum', 'issue'],
  testCommand: 'npm test',
};

export const FLEET: Project = {
  cwd: '/home/kai/fleetctl',
  modules: ['agents', 'deploy', 'health', 'config', 'metrics', 'cli'],
  nouns: ['pod', 'agent', 'rollout', 'probe', 'zone', 'release', 'host', 'check', 'lease', 'target'],
  verbs: ['cordon', 'probe', 'roll', 'pin', 'scrape', 'sync', 'apply', 'watch', 'retry', 'report'],
  testCommand: 'go test ./...',
};

export const failing = (file: string, lines: string[]) => [
  ` ❯ ${file} (1 failed)`,
  ...lines.map((l) => `   ${l}`),
];
