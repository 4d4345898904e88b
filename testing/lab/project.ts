/**
 * The scratch project every agent works in: a tiny calculator with a bug, its
 * failing test and a README, the files the mock's scripted agent reads, runs
 * and writes next to (`testing/mock-llm/agentScript.ts`). The README and the
 * source are long enough that a few reads fill a small context window.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

const OPERATIONS = ['add', 'subtract', 'multiply', 'divide', 'power', 'modulo', 'average', 'clamp'];

/** About 37 kB: one read adds some 12,000 tokens, so a few turns fill even a 100,000-token window. */
function readme(): string {
  const sections = OPERATIONS.map((name, i) => {
    const notes = Array.from(
      { length: 14 },
      (_, k) =>
        `- Note ${k + 1} on \`${name}\`: operation ${i + 1} takes two numbers and returns a number; it ` +
        `never throws, a NaN input gives NaN, and test/calc.test.js checks it with small integers, ` +
        `negative numbers and zero. Case ${k + 1} of ${name} is recorded in the changelog with the ` +
        `release that changed it, and its doc comment stays in step with what it does.`,
    );
    return `## ${name}\n\n${notes.join('\n')}\n`;
  });
  return `# calc\n\nA tiny calculator the lab's agents work on. Run \`node test/calc.test.js\`.\n\n${sections.join('\n')}`;
}

function source(): string {
  const bodies: Record<string, string> = {
    add: 'a - b', // the bug the failing test finds
    subtract: 'a - b',
    multiply: 'a * b',
    divide: 'a / b',
    power: 'a ** b',
    modulo: 'a % b',
    average: '(a + b) / 2',
    clamp: 'Math.min(Math.max(a, 0), b)',
  };
  return OPERATIONS.map(
    (name) =>
      `/**\n * ${name}: one of the calculator's operations, on two numbers.\n * See the README for what it promises.\n */\n` +
      `export function ${name}(a, b) {\n  return ${bodies[name]};\n}\n`,
  ).join('\n');
}

const TEST = `import { add, multiply } from '../src/calc.js';

const failures = [];
if (add(2, 2) !== 4) failures.push('add(2, 2) should be 4, got ' + add(2, 2));
if (multiply(3, 4) !== 12) failures.push('multiply(3, 4) should be 12');
if (failures.length) {
  console.error(failures.join('\\n'));
  process.exit(1);
}
console.log('all tests pass');
`;

export const PROJECT_FILES: Readonly<Record<string, string>> = {
  'README.md': readme(),
  'src/calc.js': source(),
  'test/calc.test.js': TEST,
  'package.json': `${JSON.stringify({ name: 'calc', private: true, type: 'module' }, null, 2)}\n`,
};

/** The prompts the lab types, one per turn; none uses a word the mock takes for a summary request. */
export const TURN_PROMPTS: readonly string[] = [
  'Look into the failing test in this project and write down what you find.',
  'Check the calculator again and update the notes.',
  'One more pass over the failing test, please.',
  'Look at it once more and keep the notes current.',
];

export function writeProject(dir: string): void {
  for (const [path, text] of Object.entries(PROJECT_FILES)) {
    const file = join(dir, path);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, text);
  }
}
