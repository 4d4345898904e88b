/**
 * `npm run bench [-- --quick]`: every benchmark, written to
 * bench-results/latest.json and printed as a table with targets.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import type { Figure } from './stats';
import { auditBench } from './audit';
import { archiveBench } from './archive';
import { archiveReplayBench } from './archiveReplay';
import { cancelTokenizerBench } from './cancelTokenizer';
import { casesBench } from './cases';
import { scaleCasesBench } from './scaleCases';
import { browserBench } from './browser';
import { cliBench } from './cli';
import { coreBench } from './core';
import { followBench } from './follow';
import { importBench } from './importCli';
import { importCompareBench } from './importCompare';
import { linksBench } from './links';
import { replayBench } from './replay';
import { statuslineBench } from './statusline';
import { realTextBench } from './realText';
import { tokenizeBench } from './tokenize';

const quick = process.argv.includes('--quick');
const only = process.argv.find((a) => a.startsWith('--only='))?.slice('--only='.length);

const SECTIONS: Record<string, (o: { quick: boolean }) => Promise<Figure[]>> = {
  'real-text': realTextBench,
  tokenize: tokenizeBench,
  core: coreBench,
  import: importBench,
  'import-compare': importCompareBench,
  follow: followBench,
  'cancel-tokenizer': cancelTokenizerBench,
  statusline: statuslineBench,
  links: linksBench,
  cli: cliBench,
  replay: replayBench,
  audit: auditBench,
  browser: browserBench,
  archive: archiveBench,
  'archive-replay': archiveReplayBench,
  cases: casesBench,
  'scale-cases': scaleCasesBench,
};

const figures: Figure[] = [];
for (const [name, run] of Object.entries(SECTIONS)) {
  if (only && only !== name) continue;
  process.stderr.write(`bench: ${name}…\n`);
  figures.push(...(await run({ quick })));
}

const machine = {
  cores: cpus().length,
  cpu: cpus()[0]?.model,
  memoryGB: Math.round(totalmem() / 2 ** 30),
  node: process.version,
};
mkdirSync('bench-results', { recursive: true });
writeFileSync(
  'bench-results/latest.json',
  JSON.stringify({ date: new Date().toISOString(), quick, machine, figures }, null, 2),
);

const fmt = (f: Figure) => (Number.isInteger(f.value) ? f.value.toLocaleString('en-US') : f.value.toFixed(2));
console.log(`| section | figure | value | target | meets |\n|---|---|---|---|---|`);
for (const f of figures) {
  console.log(
    `| ${f.section} | ${f.name} | ${fmt(f)} ${f.unit} | ${f.target ?? ''} | ${f.meets === undefined ? '' : f.meets ? 'yes' : 'NO'} |`,
  );
}
console.log(
  `\n${machine.cores} cores, ${machine.memoryGB} GB, ${machine.cpu}, Node ${machine.node}${quick ? ' (quick)' : ''}`,
);
