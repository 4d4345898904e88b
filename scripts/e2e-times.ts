/**
 * Where the end-to-end suite's time goes: reads Playwright's JSON report and
 * prints each spec's total, the slowest tests, and the attempts that failed.
 *
 *   E2E_JSON=e2e.json npm run test:e2e
 *   npx tsx scripts/e2e-times.ts e2e.json [--top 20]
 */
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

/** The parts of Playwright's JSON report this reads. */
interface ReportSuite {
  specs?: {
    file: string;
    title: string;
    tests: { projectName: string; results: { duration: number; status: string }[] }[];
  }[];
  suites?: ReportSuite[];
}
export interface Report {
  suites: ReportSuite[];
  stats: { duration: number };
}

export interface TestTime {
  file: string;
  title: string;
  project: string;
  /** Every attempt's time, retries included, in seconds. */
  seconds: number;
  attempts: number;
  /** The status of each attempt, in order. */
  statuses: string[];
}

export interface Times {
  wallSeconds: number;
  /** The sum of every test's time: over the wall time, it is how many browsers ran at once on average. */
  testSeconds: number;
  tests: TestTime[];
  specs: { file: string; seconds: number; tests: number }[];
}

export function timesOf(report: Report): Times {
  const tests: TestTime[] = [];
  const walk = (suite: ReportSuite) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests) {
        tests.push({
          file: spec.file,
          title: spec.title,
          project: test.projectName,
          seconds: test.results.reduce((sum, r) => sum + r.duration, 0) / 1000,
          attempts: test.results.length,
          statuses: test.results.map((r) => r.status),
        });
      }
    }
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of report.suites) walk(suite);
  const bySpec = new Map<string, { seconds: number; tests: number }>();
  for (const t of tests) {
    const spec = bySpec.get(t.file) ?? { seconds: 0, tests: 0 };
    spec.seconds += t.seconds;
    spec.tests += 1;
    bySpec.set(t.file, spec);
  }
  return {
    wallSeconds: report.stats.duration / 1000,
    testSeconds: tests.reduce((sum, t) => sum + t.seconds, 0),
    tests: [...tests].sort((a, b) => b.seconds - a.seconds),
    specs: [...bySpec].map(([file, s]) => ({ file, ...s })).sort((a, b) => b.seconds - a.seconds),
  };
}

export function describeTimes(times: Times, top: number): string {
  const s = (n: number) => `${n.toFixed(1).padStart(7)} s`;
  const lines = [
    `wall ${times.wallSeconds.toFixed(1)} s; tests ${times.testSeconds.toFixed(1)} s in all ` +
      `(${(times.testSeconds / Math.max(times.wallSeconds, 1e-9)).toFixed(2)} at once on average)`,
    '',
    'per spec:',
    ...times.specs.map((spec) => `${s(spec.seconds)}  ${spec.file} (${spec.tests})`),
    '',
    `the ${Math.min(top, times.tests.length)} slowest tests:`,
    ...times.tests.slice(0, top).map((t) => `${s(t.seconds)}  ${t.file}: ${t.title}`),
  ];
  const retried = times.tests.filter((t) =>
    t.statuses.some((status) => status !== 'passed' && status !== 'skipped'),
  );
  if (retried.length > 0) {
    lines.push('', 'attempts that did not pass:');
    for (const t of retried) lines.push(`  ${t.statuses.join(', ')}  ${t.file}: ${t.title}`);
  }
  return lines.join('\n');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const [file, ...rest] = process.argv.slice(2);
  if (!file) {
    console.error('usage: tsx scripts/e2e-times.ts REPORT.json [--top N]');
    process.exit(2);
  }
  const at = rest.indexOf('--top');
  const top = at >= 0 ? Number(rest[at + 1]) : 20;
  if (!Number.isInteger(top) || top < 0) {
    console.error(`--top wants a whole number, got ${rest[at + 1]}`);
    process.exit(2);
  }
  console.log(describeTimes(timesOf(JSON.parse(readFileSync(file, 'utf8')) as Report), top));
}
