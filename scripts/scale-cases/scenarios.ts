/**
 * The six real-scale cases: for each, the project, the agent's file format,
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

const read = (target: string, output: string, say = ''): Round => ({ say, tool: 'read', target, output });
const bash = (target: string, output: string, say = ''): Round => ({ say, tool: 'bash', target, output });
const grep = (target: string, output: string): Round => ({ say: '', tool: 'grep', target, output });
const edit = (target: string, old: string, replacement: string, say = ''): Round => ({
  say,
  tool: 'edit',
  target,
  edit: { old, new: replacement },
  output: `Edited ${target}: 1 replacement.`,
});

const work = (n: number) => `Keep going with the ${['next step', 'plan', 'investigation', 'fix'][n % 4]}.`;

const LEDGER: Project = {
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

const BOOKING: Project = {
  cwd: '/srv/booking-api',
  modules: ['slots', 'calendar', 'notify', 'auth', 'billing', 'http'],
  nouns: ['slot', 'booking', 'guest', 'venue', 'shift', 'window', 'reminder', 'seat', 'hold', 'token'],
  verbs: ['find', 'hold', 'release', 'notify', 'parse', 'render', 'queue', 'lock', 'map', 'fetch'],
  testCommand: 'npx vitest run',
};

const MAPS: Project = {
  cwd: '/home/ana/tilekit',
  modules: ['tiles', 'render', 'cache', 'geo', 'style', 'server'],
  nouns: ['tile', 'layer', 'zoom', 'feature', 'bounds', 'glyph', 'sprite', 'source', 'style', 'label'],
  verbs: ['encode', 'decode', 'clip', 'simplify', 'project', 'draw', 'fetch', 'evict', 'warm', 'index'],
  testCommand: 'pnpm test',
};

const SEARCH: Project = {
  cwd: '/home/dev/docsearch',
  modules: ['index', 'query', 'crawl', 'rank', 'store', 'api'],
  nouns: ['doc', 'term', 'shard', 'score', 'query', 'field', 'token', 'page', 'snippet', 'posting'],
  verbs: ['crawl', 'tokenize', 'score', 'merge', 'flush', 'rank', 'parse', 'boost', 'trim', 'split'],
  testCommand: 'npm run test',
};

const PAYROLL: Project = {
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

const FLEET: Project = {
  cwd: '/home/kai/fleetctl',
  modules: ['agents', 'deploy', 'health', 'config', 'metrics', 'cli'],
  nouns: ['pod', 'agent', 'rollout', 'probe', 'zone', 'release', 'host', 'check', 'lease', 'target'],
  verbs: ['cordon', 'probe', 'roll', 'pin', 'scrape', 'sync', 'apply', 'watch', 'retry', 'report'],
  testCommand: 'go test ./...',
};

const failing = (file: string, lines: string[]) => [` ❯ ${file} (1 failed)`, ...lines.map((l) => `   ${l}`)];

export const SCENARIOS: Scenario[] = [
  {
    id: 'scale-pi-ledger-jpy',
    description:
      'pi, ~60k tokens: statements in JPY off by one yen; forked at the compaction pi recorded, cut where pi cut.',
    format: 'pi',
    seed: 1101,
    project: LEDGER,
    beats: [
      {
        user: 'Monthly statements for JPY accounts are off by one yen. Keep every amount in integer minor units and do not add decimal.js or any other decimal library.',
        filler: 4,
      },
      {
        user: 'Run the money tests and tell me what fails.',
        planted: [
          bash(
            'npm test -- --run src/money',
            [
              ...failing('src/money/round.test.ts', [
                'AssertionError: expected 15230 to equal 15231 (statement acct_7Q2F, JPY)',
                '  at src/money/round.test.ts:41:18',
              ]),
            ].join('\n'),
          ),
        ],
        filler: 4,
      },
      {
        user: work(1),
        planted: [
          grep(
            'roundHalfEvenMinor',
            'src/money/round.ts:12:export function roundHalfEvenMinor(value: number, exponent: number): number {',
          ),
        ],
        filler: 5,
      },
      { user: work(2), filler: 5 },
      {
        user: 'Where does the exponent of a currency come from?',
        planted: [
          edit(
            'src/money/currencyExponent.ts',
            '',
            'export const CURRENCY_EXPONENT = { JPY: 0, KWD: 3, EUR: 2 } as const;',
          ),
        ],
        filler: 4,
        reply:
          'Decided: the exponent comes from CURRENCY_EXPONENT in the new src/money/currencyExponent.ts, so JPY is rounded with exponent 0 instead of 2.',
      },
      {
        user: 'How many statements are affected?',
        planted: [
          bash(
            'psql ledger -c "select count(*) from statements where currency = \'JPY\'"',
            ' count\n-------\n 48213\n(1 row)',
          ),
        ],
        filler: 4,
      },
      { user: work(3), filler: 5 },
      {
        user: 'Once it is fixed, the September 2026 statements must be rebuilt with scripts/backfill-statements.ts.',
        filler: 4,
      },
      { user: work(4), filler: 5 },
      { user: work(5), filler: 5 },
      {
        user: 'Now render the statement totals with the new exponent.',
        planted: [
          edit(
            'src/statements/render.ts',
            '  return amount / 100;',
            '  return formatMinorUnits(amount, currency);',
          ),
        ],
        filler: 4,
      },
      {
        user: 'Run the statement tests.',
        planted: [
          bash(
            'npm test -- --run src/statements',
            failing('src/statements/render.test.ts', [
              "TypeError: Cannot read properties of undefined (reading 'exponent')",
            ]).join('\n'),
          ),
        ],
        filler: 4,
      },
      { user: work(6), filler: 4 },
      { user: 'Add the KWD case too.', filler: 3 },
    ],
    compaction: {
      afterBeat: 13,
      keptFromBeat: 10,
      summary:
        '## Goal\nFix JPY statements that are off by one yen.\n\n## Constraints & Preferences\n- Amounts stay in integer minor units; no decimal library.\n\n## Progress\n### Done\n- [x] Found the failing rounding test\n- [x] Added src/money/currencyExponent.ts\n\n## Next Steps\n1. Render totals with the new exponent',
    },
    facts: [
      {
        id: 'no-decimal-library',
        kind: 'constraint',
        side: 'before',
        text: 'do not add decimal.js or any other decimal library',
        quote: 'do not add decimal.js or any other decimal library',
      },
      {
        id: 'failing-assertion',
        kind: 'last-error',
        side: 'before',
        text: 'expected 15230 to equal 15231',
        quote: 'AssertionError: expected 15230 to equal 15231',
      },
      {
        id: 'rounding-helper',
        kind: 'identifier',
        side: 'before',
        text: 'roundHalfEvenMinor',
        quote: 'export function roundHalfEvenMinor',
      },
      {
        id: 'exponent-file',
        kind: 'artifact',
        side: 'before',
        text: 'src/money/currencyExponent.ts',
        quote: 'src/money/currencyExponent.ts',
      },
      {
        id: 'exponent-table',
        kind: 'identifier',
        side: 'before',
        text: 'CURRENCY_EXPONENT',
        quote: 'Decided: the exponent comes from CURRENCY_EXPONENT',
      },
      { id: 'affected-count', kind: 'constraint', side: 'before', text: 'count 48213', quote: '48213' },
      {
        id: 'backfill-script',
        kind: 'artifact',
        side: 'before',
        text: 'scripts/backfill-statements.ts',
        quote: 'scripts/backfill-statements.ts',
      },
      {
        id: 'render-file',
        kind: 'artifact',
        side: 'after',
        text: 'src/statements/render.ts',
        quote: 'src/statements/render.ts',
      },
      {
        id: 'render-error',
        kind: 'last-error',
        side: 'after',
        text: "Cannot read properties of undefined (reading 'exponent')",
        quote: "TypeError: Cannot read properties of undefined (reading 'exponent')",
      },
    ],
    probes: [
      { kind: 'recall', question: 'Which library must not be added?', expected: ['decimal.js'] },
      {
        kind: 'continuation',
        question: 'What must be run once the fix is in?',
        expected: ['scripts/backfill-statements.ts'],
      },
      {
        kind: 'artifact',
        question: 'Which file holds the currency exponents?',
        expected: ['src/money/currencyExponent.ts'],
      },
    ],
  },
  {
    id: 'scale-pi-booking-holds',
    description:
      'pi, ~60k tokens: double-booked slots from expired holds; forked at the compaction pi recorded, cut where pi cut.',
    format: 'pi',
    seed: 2202,
    project: BOOKING,
    beats: [
      {
        user: 'Guests get double-booked when a hold expires during checkout. The public API under /v2/slots must not change shape.',
        filler: 3,
      },
      { user: work(0), filler: 5 },
      { user: work(1), filler: 5 },
      {
        user: 'Reproduce it against the staging database.',
        planted: [
          bash(
            'npm run repro:double-booking',
            'seeded 40 venues\nrace window: 1870 ms between releaseHold and confirmBooking\nERR_SLOT_TAKEN: slot sl_0931 already confirmed for booking bk_55120',
          ),
        ],
        filler: 4,
      },
      {
        user: work(2),
        planted: [
          read(
            'src/slots/holdTimer.ts',
            '   1\texport const HOLD_TTL_SECONDS = 420;\n   2\texport function expireHold(id: string) {}',
          ),
        ],
        filler: 5,
      },
      { user: work(3), filler: 6 },
      {
        user: 'What is the fix?',
        filler: 4,
        reply:
          'Decided: confirmBooking takes a row lock with SELECT ... FOR UPDATE SKIP LOCKED on slot_holds, instead of re-checking the hold after the insert.',
      },
      {
        user: 'Write the migration for the lock index.',
        planted: [
          edit(
            'migrations/0047_slot_holds_lock.sql',
            '',
            'create index concurrently slot_holds_slot_id_idx on slot_holds (slot_id);',
          ),
        ],
        filler: 4,
      },
      { user: work(4), filler: 6 },
      { user: work(5), filler: 5 },
      {
        user: 'Now the reminder emails: they still go out for released holds.',
        planted: [
          grep(
            'sendHoldReminder',
            'src/notify/reminders.ts:88:export async function sendHoldReminder(holdId: string) {',
          ),
        ],
        filler: 4,
      },
      {
        user: 'Run the notify tests.',
        planted: [
          bash(
            'npx vitest run src/notify',
            failing('src/notify/reminders.test.ts', [
              'Error: expected 0 reminders for released hold hd_7781, got 2',
            ]).join('\n'),
          ),
        ],
        filler: 4,
      },
      { user: work(6), filler: 4 },
    ],
    compaction: {
      afterBeat: 12,
      keptFromBeat: 10,
      summary:
        '## Goal\nStop double-booking when a hold expires.\n\n## Progress\n### Done\n- [x] Reproduced ERR_SLOT_TAKEN on staging\n- [x] Row lock in confirmBooking\n\n## Next Steps\n1. Reminder emails for released holds',
    },
    facts: [
      {
        id: 'api-shape',
        kind: 'constraint',
        side: 'before',
        text: 'The public API under /v2/slots must not change shape',
        quote: 'The public API under /v2/slots must not change shape',
      },
      {
        id: 'race-window',
        kind: 'constraint',
        side: 'before',
        text: 'the race window is 1870 ms between releaseHold and confirmBooking',
        quote: 'race window: 1870 ms between releaseHold and confirmBooking',
      },
      {
        id: 'slot-taken',
        kind: 'last-error',
        side: 'before',
        text: 'ERR_SLOT_TAKEN: slot sl_0931 already confirmed',
        quote: 'ERR_SLOT_TAKEN: slot sl_0931 already confirmed',
      },
      {
        id: 'hold-ttl',
        kind: 'identifier',
        side: 'before',
        text: 'HOLD_TTL_SECONDS',
        quote: 'HOLD_TTL_SECONDS = 420',
      },
      {
        id: 'skip-locked',
        kind: 'constraint',
        side: 'before',
        text: 'confirmBooking takes a row lock with FOR UPDATE SKIP LOCKED on slot_holds',
        quote: 'SELECT ... FOR UPDATE SKIP LOCKED on slot_holds',
      },
      {
        id: 'migration',
        kind: 'artifact',
        side: 'before',
        text: 'migrations/0047_slot_holds_lock.sql',
        quote: 'migrations/0047_slot_holds_lock.sql',
      },
      {
        id: 'reminder-fn',
        kind: 'identifier',
        side: 'after',
        text: 'sendHoldReminder',
        quote: 'export async function sendHoldReminder',
      },
      {
        id: 'reminder-error',
        kind: 'last-error',
        side: 'after',
        text: 'expected 0 reminders for released hold hd_7781, got 2',
        quote: 'expected 0 reminders for released hold hd_7781, got 2',
      },
    ],
    probes: [
      {
        kind: 'decision',
        question: 'How does confirmBooking avoid the race?',
        expected: ['SKIP LOCKED', 'slot_holds'],
      },
      {
        kind: 'artifact',
        question: 'Which migration adds the lock index?',
        expected: ['migrations/0047_slot_holds_lock.sql'],
      },
    ],
  },
  {
    id: 'scale-claude-tiles-cache',
    description:
      'Claude Code, ~60k tokens: a tile cache that serves stale styles; forked at the compact_boundary it recorded, with a cut for controls.',
    format: 'claude-code',
    seed: 3303,
    project: MAPS,
    beats: [
      {
        user: 'After a style change, zoom 14 tiles still render with the old colours. Cache keys must stay under 250 bytes (the CDN limit).',
        filler: 4,
      },
      { user: work(0), filler: 6 },
      {
        user: 'Check what the cache stores.',
        planted: [
          bash(
            'redis-cli --scan --pattern "tile:*" | head -3',
            'tile:v3:osm-bright:14:8741:5630\ntile:v3:osm-bright:14:8742:5630\ntile:v3:osm-bright:14:8741:5631',
          ),
        ],
        filler: 4,
      },
      { user: work(1), filler: 6 },
      {
        user: work(2),
        planted: [
          grep(
            'styleRevision',
            'src/style/revision.ts:5:export function styleRevision(style: Style): string {',
          ),
        ],
        filler: 5,
      },
      {
        user: 'Make the key include the style revision.',
        planted: [
          edit(
            'src/cache/tileKey.ts',
            '  return `tile:v3:${style}:${z}:${x}:${y}`;',
            '  return `tile:v4:${styleRevision(style)}:${z}:${x}:${y}`;',
          ),
        ],
        filler: 4,
        reply:
          'Keys now start with tile:v4 and carry the style revision; old tile:v3 keys expire on their own after 86400 seconds.',
      },
      { user: work(3), filler: 6 },
      { user: work(4), filler: 5 },
      {
        user: 'Run the render benchmark.',
        planted: [
          bash(
            'pnpm bench render',
            'render z14: p95 312 ms (was 287 ms)\nrender z15: p95 401 ms\nSLOWER: sprite atlas rebuilt per request in buildSpriteAtlas',
          ),
        ],
        filler: 4,
      },
      {
        user: 'Cache the sprite atlas per style revision.',
        planted: [
          edit(
            'src/render/spriteAtlas.ts',
            'export function buildSpriteAtlas(style: Style) {',
            'export const buildSpriteAtlas = memoizeByRevision((style: Style) => {',
          ),
        ],
        filler: 4,
      },
      {
        user: 'Run the tests.',
        planted: [
          bash(
            'pnpm test',
            failing('src/render/spriteAtlas.test.ts', [
              'ReferenceError: memoizeByRevision is not defined',
            ]).join('\n'),
          ),
        ],
        filler: 4,
      },
      { user: work(5), filler: 4 },
      { user: 'Ship it.', filler: 2 },
      { user: 'Also purge the CDN.', filler: 2 },
    ],
    compaction: {
      afterBeat: 12,
      summary:
        'Primary request: stale tiles after a style change.\nKey changes: tile keys now carry the style revision (tile:v4). Sprite atlas cached per revision; memoizeByRevision still to import.',
    },
    cutBeat: 8,
    facts: [
      {
        id: 'key-limit',
        kind: 'constraint',
        side: 'before',
        text: 'Cache keys must stay under 250 bytes',
        quote: 'Cache keys must stay under 250 bytes (the CDN limit)',
      },
      {
        id: 'old-key',
        kind: 'identifier',
        side: 'before',
        text: 'osm-bright',
        quote: 'tile:v3:osm-bright:14:8741:5630',
      },
      {
        id: 'revision-fn',
        kind: 'identifier',
        side: 'before',
        text: 'styleRevision',
        quote: 'export function styleRevision',
      },
      {
        id: 'key-file',
        kind: 'artifact',
        side: 'before',
        text: 'src/cache/tileKey.ts',
        quote: 'src/cache/tileKey.ts',
      },
      {
        id: 'ttl',
        kind: 'constraint',
        side: 'before',
        text: 'old tile:v3 keys expire after 86400 seconds',
        quote: 'old tile:v3 keys expire on their own after 86400 seconds',
      },
      {
        id: 'p95',
        kind: 'constraint',
        side: 'after',
        text: 'render z14 p95 is 312 ms (was 287 ms)',
        quote: 'render z14: p95 312 ms (was 287 ms)',
      },
      {
        id: 'memo-error',
        kind: 'last-error',
        side: 'after',
        text: 'memoizeByRevision is not defined',
        quote: 'ReferenceError: memoizeByRevision is not defined',
      },
    ],
    probes: [
      { kind: 'recall', question: 'What limit do cache keys have?', expected: ['250 bytes'] },
      {
        kind: 'artifact',
        question: 'Which file builds the tile cache key?',
        expected: ['src/cache/tileKey.ts'],
      },
    ],
  },
  {
    id: 'scale-claude-search-ranking',
    description:
      'Claude Code, ~60k tokens without a compaction: a ranking regression after a tokenizer change, cut by index.',
    format: 'claude-code',
    seed: 4404,
    project: SEARCH,
    beats: [
      {
        user: 'Search ranking got worse after the tokenizer upgrade. Do not reindex the production shards before Friday; only shard-07 is a copy we can reindex.',
        filler: 4,
      },
      { user: work(0), filler: 6 },
      {
        user: 'Compare the scores for the query "rate limit".',
        planted: [
          bash(
            'npm run score -- "rate limit" --shard shard-07',
            'ndcg@10 before: 0.742\nndcg@10 after: 0.611\ntop hit moved: /docs/limits.md -> /blog/2019-retro.md',
          ),
        ],
        filler: 4,
      },
      { user: work(1), filler: 6 },
      {
        user: work(2),
        planted: [
          grep(
            'splitCamelTerms',
            'src/index/tokenize.ts:31:export function splitCamelTerms(term: string): string[] {',
          ),
        ],
        filler: 5,
      },
      {
        user: 'Why did the top hit move?',
        filler: 4,
        reply:
          'The new tokenizer drops stemming for fields named title_exact, so BM25F gives the title field a weight of 0 for those docs.',
      },
      { user: work(3), filler: 6 },
      {
        user: 'Restore stemming for title_exact.',
        planted: [
          edit(
            'src/index/fields.ts',
            '  title_exact: { stem: false },',
            '  title_exact: { stem: true, boost: 2.5 },',
          ),
        ],
        filler: 4,
      },
      { user: work(4), filler: 5 },
      {
        user: 'Reindex shard-07 and score again.',
        planted: [
          bash(
            'npm run reindex -- --shard shard-07 && npm run score -- "rate limit" --shard shard-07',
            'reindexed 91344 docs in 212 s\nndcg@10 after fix: 0.758',
          ),
        ],
        filler: 4,
      },
      {
        user: 'Run the query tests.',
        planted: [
          bash(
            'npm run test',
            failing('src/query/highlight.test.ts', [
              'Error: snippet for doc dc_4412 lost its <mark> around "limit"',
            ]).join('\n'),
          ),
        ],
        filler: 4,
      },
      { user: work(5), filler: 5 },
    ],
    cutBeat: 9,
    facts: [
      {
        id: 'no-reindex',
        kind: 'constraint',
        side: 'before',
        text: 'Do not reindex the production shards before Friday; only shard-07 may be reindexed',
        quote: 'Do not reindex the production shards before Friday',
      },
      {
        id: 'ndcg-drop',
        kind: 'constraint',
        side: 'before',
        text: 'ndcg@10 before: 0.742, after: 0.611',
        quote: 'ndcg@10 before: 0.742',
      },
      {
        id: 'camel-split',
        kind: 'identifier',
        side: 'before',
        text: 'splitCamelTerms',
        quote: 'export function splitCamelTerms',
      },
      {
        id: 'title-exact',
        kind: 'identifier',
        side: 'before',
        text: 'title_exact',
        quote: 'The new tokenizer drops stemming for fields named title_exact',
      },
      {
        id: 'fields-file',
        kind: 'artifact',
        side: 'before',
        text: 'src/index/fields.ts',
        quote: 'src/index/fields.ts',
      },
      {
        id: 'reindexed',
        kind: 'constraint',
        side: 'after',
        text: 'reindexed 91344 docs; ndcg@10 after the fix is 0.758',
        quote: 'ndcg@10 after fix: 0.758',
      },
      {
        id: 'snippet-error',
        kind: 'last-error',
        side: 'after',
        text: 'snippet for doc dc_4412 lost its <mark>',
        quote: 'snippet for doc dc_4412 lost its <mark>',
      },
    ],
    probes: [
      { kind: 'recall', question: 'Which shard may be reindexed?', expected: ['shard-07'] },
      { kind: 'decision', question: 'What caused the ranking drop?', expected: ['title_exact'] },
    ],
  },
  {
    id: 'scale-codex-payroll-proration',
    description:
      'Codex, ~60k tokens: payslips prorated wrong across a leap day; forked at the compaction Codex recorded, with a cut for controls.',
    format: 'codex',
    seed: 5505,
    project: PAYROLL,
    beats: [
      {
        user: 'February 2028 payslips are wrong for people who joined mid-month. Prorate by calendar days, never by working days, and keep payslip PDFs byte-identical for everyone else.',
        filler: 4,
      },
      { user: work(0), filler: 6 },
      {
        user: 'Show me a wrong payslip.',
        planted: [
          bash(
            'node scripts/payslip.js --employee E-20931 --period 2028-02',
            'gross: 4127.59 EUR\nexpected: 4270.00 EUR\nprorated days: 28/29',
          ),
        ],
        filler: 4,
      },
      { user: work(1), filler: 6 },
      {
        user: work(2),
        planted: [
          grep(
            'daysInPayPeriod',
            'src/pay/prorate.ts:19:export function daysInPayPeriod(period: Period): number {',
          ),
        ],
        filler: 5,
      },
      {
        user: 'Fix the day count.',
        planted: [
          edit('src/pay/prorate.ts', '  return 28;', '  return daysInMonth(period.year, period.month);'),
        ],
        filler: 4,
        reply:
          'Decided: daysInPayPeriod now asks daysInMonth, so February 2028 has 29 days and E-20931 gets the full amount.',
      },
      { user: work(3), filler: 6 },
      { user: work(4), filler: 5 },
      {
        user: 'Compare all PDFs with the golden set.',
        planted: [
          bash(
            'npm run pdf:diff -- --period 2028-02',
            'compared 1204 payslips\n3 differ: E-20931, E-20944, E-21007',
          ),
        ],
        filler: 4,
      },
      {
        user: 'Run the report tests.',
        planted: [
          bash(
            'npm test -- reports',
            failing('src/reports/annual.test.ts', [
              'Error: annual total 51233.10 != 51375.51 for E-20944',
            ]).join('\n'),
          ),
        ],
        filler: 4,
      },
      { user: work(5), filler: 4 },
      { user: 'Write the release note.', filler: 2 },
      { user: 'Close the ticket.', filler: 2 },
    ],
    compaction: {
      afterBeat: 11,
      summary:
        'Payslips for February 2028 were prorated by 28 days; daysInPayPeriod now uses daysInMonth. Three payslips differ from the golden set; an annual report total is off for E-20944.',
    },
    cutBeat: 8,
    facts: [
      {
        id: 'calendar-days',
        kind: 'constraint',
        side: 'before',
        text: 'Prorate by calendar days, never by working days',
        quote: 'Prorate by calendar days, never by working days',
      },
      {
        id: 'wrong-gross',
        kind: 'constraint',
        side: 'before',
        text: 'E-20931 got a gross of 4127.59 EUR instead of 4270.00 EUR',
        quote: 'gross: 4127.59 EUR',
      },
      {
        id: 'day-count-fn',
        kind: 'identifier',
        side: 'before',
        text: 'daysInPayPeriod',
        quote: 'export function daysInPayPeriod',
      },
      {
        id: 'prorate-file',
        kind: 'artifact',
        side: 'before',
        text: 'src/pay/prorate.ts',
        quote: 'src/pay/prorate.ts',
      },
      {
        id: 'days-in-month',
        kind: 'identifier',
        side: 'before',
        text: 'daysInMonth',
        quote: 'Decided: daysInPayPeriod now asks daysInMonth',
      },
      {
        id: 'pdf-diff',
        kind: 'constraint',
        side: 'after',
        text: '3 of 1204 payslips differ: E-20931, E-20944, E-21007',
        quote: '3 differ: E-20931, E-20944, E-21007',
      },
      {
        id: 'annual-error',
        kind: 'last-error',
        side: 'after',
        text: 'annual total 51233.10 != 51375.51 for E-20944',
        quote: 'annual total 51233.10 != 51375.51 for E-20944',
      },
    ],
    probes: [
      { kind: 'recall', question: 'How must pay be prorated?', expected: ['calendar days'] },
      { kind: 'artifact', question: 'Which file was fixed?', expected: ['src/pay/prorate.ts'] },
    ],
  },
  {
    id: 'scale-opencode-fleet-rollout',
    description:
      'OpenCode, ~60k tokens: a rollout that drains every node of a region at once; forked at the summary message OpenCode recorded, with a cut for controls.',
    format: 'opencode',
    seed: 6606,
    project: FLEET,
    beats: [
      {
        user: 'The last rollout drained all of eu-west-3 at once. Never drain more than 2 nodes per region at a time, and keep the fleetctl flags backward compatible.',
        filler: 6,
      },
      { user: work(0), filler: 8 },
      {
        user: 'Find the drain logic.',
        planted: [
          grep('drainBatchSize', 'internal/deploy/drain.go:44:func drainBatchSize(region Region) int {'),
        ],
        filler: 6,
      },
      { user: work(1), filler: 8 },
      {
        user: 'What did the last rollout log?',
        planted: [
          bash(
            'fleetctl logs rollout r-2291 --region eu-west-3 | tail -3',
            'drained 17/17 nodes in eu-west-3 (batch=17)\nhealth probe /readyz failed on 9 nodes\nrollout r-2291 aborted after 412 s',
          ),
        ],
        filler: 6,
      },
      {
        user: 'Fix the batch size.',
        planted: [
          edit(
            'internal/deploy/drain.go',
            '\treturn len(region.Nodes)',
            '\treturn min(maxDrainPerRegion, len(region.Nodes))',
          ),
        ],
        filler: 6,
        reply:
          'Decided: drainBatchSize is capped by maxDrainPerRegion = 2, read from the --max-drain flag that defaults to 2.',
      },
      { user: work(2), filler: 8 },
      { user: work(3), filler: 7 },
      {
        user: 'Dry-run the rollout.',
        planted: [
          bash(
            'fleetctl rollout plan --release 4.18.2 --dry-run',
            'plan: 6 waves for release 4.18.2\nestimated duration: 38 min',
          ),
        ],
        filler: 6,
      },
      {
        user: 'Run the tests.',
        planted: [
          bash(
            'go test ./...',
            failing('internal/health/probe_test.go', [
              '--- FAIL: TestProbeTimeout (0.30s)',
              'probe_test.go:58: want timeout 5s, got 30s',
            ]).join('\n'),
          ),
        ],
        filler: 6,
      },
      { user: work(4), filler: 6 },
      { user: 'Tag the release.', filler: 4 },
      { user: 'And update the runbook.', filler: 4 },
    ],
    compaction: {
      afterBeat: 11,
      summary:
        '## Goal\nStop rollouts from draining a whole region.\n\n## Done\n- drainBatchSize capped at 2 per region\n- dry run planned 6 waves\n\n## Open\n- TestProbeTimeout fails (want 5s)',
    },
    cutBeat: 8,
    facts: [
      {
        id: 'max-two',
        kind: 'constraint',
        side: 'before',
        text: 'Never drain more than 2 nodes per region at a time',
        quote: 'Never drain more than 2 nodes per region at a time',
      },
      {
        id: 'batch-fn',
        kind: 'identifier',
        side: 'before',
        text: 'drainBatchSize',
        quote: 'func drainBatchSize',
      },
      {
        id: 'aborted',
        kind: 'constraint',
        side: 'before',
        text: 'rollout r-2291 drained 17/17 nodes and aborted after 412 s',
        quote: 'rollout r-2291 aborted after 412 s',
      },
      {
        id: 'drain-file',
        kind: 'artifact',
        side: 'before',
        text: 'internal/deploy/drain.go',
        quote: 'internal/deploy/drain.go',
      },
      {
        id: 'max-drain-flag',
        kind: 'identifier',
        side: 'before',
        text: 'maxDrainPerRegion',
        quote: 'Decided: drainBatchSize is capped by maxDrainPerRegion',
      },
      {
        id: 'plan',
        kind: 'constraint',
        side: 'after',
        text: 'the dry run plans 6 waves for release 4.18.2, 38 min',
        quote: 'plan: 6 waves for release 4.18.2',
      },
      {
        id: 'probe-timeout',
        kind: 'last-error',
        side: 'after',
        text: 'TestProbeTimeout: want timeout 5s, got 30s',
        quote: 'probe_test.go:58: want timeout 5s, got 30s',
      },
    ],
    probes: [
      {
        kind: 'recall',
        question: 'How many nodes per region may drain at once?',
        expected: ['2 nodes per region'],
      },
      { kind: 'artifact', question: 'Which file caps the drain?', expected: ['internal/deploy/drain.go'] },
    ],
  },
];
