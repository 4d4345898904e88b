/** The real-scale cases written as pi sessions, forked at pi's own recorded cut. */
import { read, bash, grep, edit, work, failing, LEDGER, BOOKING, type Scenario } from './scenarioKit';

export const PI_SCENARIOS: Scenario[] = [
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
];
