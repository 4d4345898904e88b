/**
 * The gate's verdicts as the reports CI reads: JUnit XML (a suite per budget,
 * a test case per budget and case) and the Markdown table of a GitHub step
 * summary. Pure text; `check` writes them where asked.
 */
import type { Verdict } from './gate';

const XML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

/** Text fit for an XML attribute or element: markup escaped, characters XML 1.0 forbids dropped. */
export function xmlText(text: string): string {
  return text
    .replace(/[^\t\n\r\x20-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '')
    .replace(/[&<>"']/g, (c) => XML_ESCAPES[c]);
}

/** JUnit XML: a suite per budget, a test case per budget and case, a failure per broken one. */
export function junitXml(verdicts: readonly Verdict[]): string {
  const failures = verdicts.filter((v) => v.failures.length).length;
  const budgets = [...new Set(verdicts.map((v) => v.budget))];
  const suites = budgets.map((budget) => {
    const mine = verdicts.filter((v) => v.budget === budget);
    const name = xmlText(`budget ${budget.number}: ${budget.label}`);
    const cases = mine.map((v) => {
      const open = `    <testcase classname="${name}" name="${xmlText(v.case)}"`;
      if (v.failures.length === 0) return `${open}/>`;
      const message = xmlText(`${v.failures.length} of ${v.runs} runs broke the budget`);
      return `${open}>\n      <failure message="${message}">${xmlText(v.failures.join('\n'))}</failure>\n    </testcase>`;
    });
    const broken = mine.filter((v) => v.failures.length).length;
    return `  <testsuite name="${name}" tests="${mine.length}" failures="${broken}">\n${cases.join('\n')}\n  </testsuite>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="compaction-playground check" tests="${verdicts.length}" failures="${failures}">\n${suites.join('\n')}\n</testsuites>\n`;
}

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\r?\n/g, '<br>');

/** The Markdown table GitHub shows on the run's summary page. */
export function stepSummary(verdicts: readonly Verdict[]): string {
  const broken = verdicts.filter((v) => v.failures.length).length;
  const rows = verdicts.map(
    (v) =>
      `| ${cell(`${v.budget.number}. ${v.budget.label}`)} | ${cell(v.case)} | ${v.failures.length ? '❌ broken' : '✅ holds'} | ${cell(v.failures.join('\n'))} |`,
  );
  return [
    '## Compaction check',
    '',
    broken
      ? `${broken} of ${verdicts.length} budget checks broken.`
      : `All ${verdicts.length} budget checks hold.`,
    '',
    '| budget | case | result | detail |',
    '|---|---|---|---|',
    ...rows,
    '',
  ].join('\n');
}
