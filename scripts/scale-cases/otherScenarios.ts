/** The real-scale cases written as a Codex rollout and an OpenCode export. */
import { bash, grep, edit, work, failing, PAYROLL, FLEET, type Scenario } from './scenarioKit';

export const OTHER_SCENARIOS: Scenario[] = [
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
