/**
 * Probe questions for a judge model, drawn from the deterministic facts: a
 * model answers them from the summary alone, as the agent after a compaction
 * would have to. Answers are graded by matching where the facts say exactly
 * what a right answer contains, and by the judge where they cannot (a
 * decision and its reason). Probes add to the deterministic scores; they
 * never replace them.
 */
import type { ScoredFact } from './score';
import { indexSummary, pathKept, sentenceKept, commandKept } from './match';

export type ProbeKind = 'recall' | 'artifact' | 'continuation' | 'decision';

export interface Probe {
  kind: ProbeKind;
  question: string;
  /** What a right answer names, matched like the checklist; empty when the judge grades. */
  expected: string[];
  /** For a judge-graded probe: the message the decision was made around. */
  sourceIndex?: number;
}

export type ProbeVerdict = 'pass' | 'fail';

export interface ProbeResult extends Probe {
  answer: string;
  verdict: ProbeVerdict;
  /** Matched against the facts, or graded by the judge model. */
  gradedBy: 'match' | 'judge';
  /** For a matched probe: how many of the expected items the answer named. */
  named?: number;
}

/** A matched answer passes when it names at least this share of what was expected. */
export const PROBE_PASS_SHARE = 0.6;

const NOT_IN_SUMMARY = 'not in the summary';

export const JUDGE_SYSTEM_PROMPT = [
  'You answer questions about an AI agent session, using only the summary you are given.',
  `Do not guess: when the summary does not say, answer "${NOT_IN_SUMMARY}".`,
  'Answer every question, one numbered line each, in the order asked.',
].join(' ');

export const GRADER_SYSTEM_PROMPT = [
  'You grade one answer against an excerpt of the original session.',
  'Reply PASS when the answer agrees with the excerpt on what was decided and why, FAIL otherwise,',
  'then one short sentence saying why.',
].join(' ');

/** Up to four probes, one of each kind the facts support, in a fixed order. */
export function buildProbes(items: readonly ScoredFact[]): Probe[] {
  const probes: Probe[] = [];
  const first = items.find((i) => i.firstTask);
  if (first)
    probes.push({ kind: 'recall', question: 'What did the user ask for first?', expected: [first.text] });
  const files = items.filter((i) => i.kind === 'artifact').map((i) => i.text);
  if (files.length) {
    probes.push({
      kind: 'artifact',
      question: 'Which files were read, created or changed? List their paths.',
      expected: files,
    });
  }
  const next = [
    ...items.filter((i) => i.kind === 'open-task').map((i) => i.text),
    ...items.filter((i) => i.kind === 'last-command').map((i) => i.text),
  ];
  if (next.length) {
    probes.push({
      kind: 'continuation',
      question: 'What was about to happen next: which work was still open, and which command was run last?',
      expected: next,
    });
  }
  const topic =
    items.find((i) => i.kind === 'last-error') ??
    items.find((i) => i.kind === 'identifier') ??
    items.find((i) => i.kind === 'constraint' && !i.firstTask);
  if (topic) {
    probes.push({
      kind: 'decision',
      question: `What was decided about "${topic.text}", and why?`,
      expected: [],
      sourceIndex: topic.index,
    });
  }
  return probes;
}

/** The one request that asks every probe of the summary. */
export function probePrompt(summary: string, probes: readonly Probe[]): string {
  const questions = probes.map((p, i) => `${i + 1}. ${p.question}`).join('\n');
  return `<summary>\n${summary}\n</summary>\n\n<questions>\n${questions}\n</questions>\n\nAnswer each question from the summary alone, as "1. …", "2. …".`;
}

/** The numbered answers of a reply; a question left unanswered gets an empty answer. */
export function parseAnswers(reply: string, count: number): string[] {
  const answers = Array.from({ length: count }, () => '');
  let current = -1;
  for (const line of reply.split('\n')) {
    const numbered = /^\s*(\d+)[.)]\s*(.*)$/.exec(line);
    if (numbered && Number(numbered[1]) >= 1 && Number(numbered[1]) <= count) {
      current = Number(numbered[1]) - 1;
      answers[current] = numbered[2].trim();
    } else if (current >= 0 && line.trim()) {
      answers[current] = `${answers[current]} ${line.trim()}`.trim();
    }
  }
  return answers;
}

/** Grades a probe whose facts say what a right answer names; null for one the judge must grade. */
export function gradeByMatch(probe: Probe, answer: string): Omit<ProbeResult, keyof Probe | 'answer'> | null {
  if (probe.expected.length === 0) return null;
  const index = indexSummary(answer);
  const named = probe.expected.filter((text) =>
    probe.kind === 'artifact' ? pathKept(text, index) : sentenceKept(text, index) || commandKept(text, index),
  ).length;
  return {
    verdict: named / probe.expected.length >= PROBE_PASS_SHARE - 1e-9 ? 'pass' : 'fail',
    gradedBy: 'match',
    named,
  };
}

/** The request that asks the judge to grade one answer against the source. */
export function gradingPrompt(probe: Probe, answer: string, source: string): string {
  return `<source>\n${source}\n</source>\n\n<question>\n${probe.question}\n</question>\n\n<answer>\n${answer}\n</answer>\n\nReply PASS or FAIL, then one sentence.`;
}

export function parseVerdict(reply: string): ProbeVerdict {
  return /^\W*pass\b/i.test(reply.trim()) ? 'pass' : 'fail';
}
