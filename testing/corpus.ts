/**
 * Deterministic benchmark text: a seeded mix of prose, code, JSON tool
 * arguments and logs, the kinds of text agent transcripts are made of.
 */
import { rng } from './rng';

const WORDS =
  'the a to of and in is that for it on with as this be are was by not at from or an have which we can you but all they their will if has more one would there been what about when some into only other its then also these any could than how our up out them do most may should new first over such very just where because through each between while after well much before must even those same make used both being under using here own file test build error function value return module import export config server client request response token budget summary context window message tool result cut keep recent'.split(
    ' ',
  );
const IDENTS = [
  'parseArgs',
  'userId',
  'fetchData',
  'handleClick',
  'tokenCount',
  'cutIndex',
  'renderRow',
  'mergeState',
  'readFile',
  'writeFile',
];

function pick<T>(random: () => number, list: readonly T[]): T {
  return list[Math.floor(random() * list.length)];
}

function prose(random: () => number, words: number): string {
  const out: string[] = [];
  for (let i = 0; i < words; i++) {
    let w = pick(random, WORDS);
    if (i === 0 || random() < 0.06) w = w[0].toUpperCase() + w.slice(1);
    out.push(w);
    if (random() < 0.08) out[out.length - 1] += random() < 0.7 ? '.' : ',';
  }
  return out.join(' ') + '.';
}

function code(random: () => number, lines: number): string {
  const out: string[] = [];
  for (let i = 0; i < lines; i++) {
    const indent = '  '.repeat(Math.floor(random() * 3));
    const a = pick(random, IDENTS);
    const b = pick(random, IDENTS);
    const n = Math.floor(random() * 1000);
    out.push(
      pick(random, [
        `${indent}const ${a} = await ${b}(${n});`,
        `${indent}if (${a}.length > ${n}) return ${b};`,
        `${indent}export function ${a}(${b}: number): string {`,
        `${indent}}`,
        `${indent}// ${prose(random, 6)}`,
        `${indent}${a}.push({ id: ${n}, name: '${b}' });`,
      ]),
    );
  }
  return out.join('\n');
}

function log(random: () => number, lines: number): string {
  const out: string[] = [];
  for (let i = 0; i < lines; i++) {
    const ms = Math.floor(random() * 900);
    out.push(
      `2026-11-${String(1 + Math.floor(random() * 28)).padStart(2, '0')}T10:${String(i % 60).padStart(2, '0')}:00.${ms}Z ${pick(random, ['INFO', 'WARN', 'ERROR'])} ${prose(random, 8)}`,
    );
  }
  return out.join('\n');
}

/** One message-sized piece of text of roughly `chars` characters. */
export function piece(random: () => number, chars: number): string {
  let text = '';
  while (text.length < chars) {
    const kind = random();
    if (kind < 0.45) text += prose(random, 40) + '\n\n';
    else if (kind < 0.75) text += code(random, 12) + '\n';
    else if (kind < 0.9)
      text += JSON.stringify({ path: `/src/${pick(random, IDENTS)}.ts`, content: code(random, 3) }) + '\n';
    else text += log(random, 4) + '\n';
  }
  return text.slice(0, chars);
}

/** `totalChars` of text in pieces of about `pieceChars`. */
export function corpus(seed: number, totalChars: number, pieceChars = 2000): string[] {
  const random = rng(seed);
  const pieces: string[] = [];
  let size = 0;
  while (size < totalChars) {
    const p = piece(random, Math.max(50, Math.round(pieceChars * (0.25 + random() * 1.5))));
    pieces.push(p);
    size += p.length;
  }
  return pieces;
}
