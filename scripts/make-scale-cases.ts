/**
 * Writes the real-scale cases (`scale-cases/`): six seeded coding sessions of
 * 50,000+ tokens in the files of four agents, each with the compaction its
 * agent records (where the format has one), and a case file per session
 * whose evidence indexes, cuts and pins (sha256, message ids) are found in
 * the session as the importer reads it, never typed by hand (a fact's
 * evidence is the first message that quotes it). Refuses a case whose fact is on the
 * wrong side of its cut, that leaks a fact into its tail, or that is under
 * 50,000 tokens.
 *
 *   npx tsx scripts/make-scale-cases.ts            # writes scale-cases/
 *   npx tsx scripts/make-scale-cases.ts --check    # fails when a file would change
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { format, resolveConfig } from 'prettier';
import { messageText, type Cut } from '../src/cases/caseFile';
import { findFacts } from '../src/cases/caseRun';
import { tailLeaks } from '../src/cases/leakage';
import { sha256Hex } from '../src/cases/pins';
import { forkAtRecorded } from '../src/cases/recordedFork';
import { CASE_COUNT_SETTINGS } from '../src/cases/report';
import { loadCase } from '../src/cli/caseFile';
import { estimatorFor } from '../src/cli/estimator';
import { importTranscript } from '../src/formats/registry';
import { Filler, type Turn } from './scale-cases/conversation';
import { SCENARIOS, type Scenario } from './scale-cases/scenarios';
import { WRITERS } from './scale-cases/writers';

export const SCALE_DIR = join(import.meta.dirname, '..', 'scale-cases');
const MIN_TOKENS = 50_000;

/** The scenario's turns: each beat's filler with its planted calls spread among it. */
function turnsOf(scenario: Scenario): Turn[] {
  const filler = new Filler(scenario.project, scenario.seed);
  return scenario.beats.map((beat) => {
    const turn = filler.turn(beat.user, beat.filler);
    const planted = beat.planted ?? [];
    planted.forEach((round, i) => {
      const at = Math.round(((i + 1) * turn.rounds.length) / (planted.length + 1)) + i;
      turn.rounds.splice(at, 0, round);
    });
    if (beat.reply) turn.reply = beat.reply;
    return turn;
  });
}

/** Chars / 4 of the turns before the compaction: the size the agent's file records it compacted at. */
function roughTokens(turns: readonly Turn[]): number {
  const chars = turns.reduce(
    (sum, t) =>
      sum + t.user.length + t.reply.length + t.rounds.reduce((s, r) => s + r.output.length + r.say.length, 0),
    0,
  );
  return Math.round(chars / 4);
}

export interface Built {
  file: string;
  json: string;
  sessionFile: string;
  session: string;
}

/** One scenario's session and case file, as the script writes them. Writes nothing. */
export async function build(scenario: Scenario): Promise<Built> {
  const turns = turnsOf(scenario);
  const { write, ext } = WRITERS[scenario.format];
  const c = scenario.compaction;
  if (c && c.afterBeat >= turns.length)
    throw new Error(`the compaction comes after beat ${c.afterBeat}, past the last`);
  const session = write({
    format: scenario.format,
    project: scenario.project,
    seed: scenario.seed,
    turns,
    ...(c
      ? {
          compaction: {
            afterTurns: c.afterBeat,
            summary: c.summary,
            tokensBefore: roughTokens(turns.slice(0, c.afterBeat)),
            ...(c.keptFromBeat !== undefined ? { keptFromTurn: c.keptFromBeat } : {}),
          },
        }
      : {}),
  });
  const sessionName = `sessions/${scenario.id}.${ext}`;
  const imported = importTranscript(session, { fileName: `${scenario.id}.${ext}` });
  const fork = c ? forkAtRecorded(imported.history!) : null;
  const messages = fork?.messages ?? imported.messages;
  const where = (what: string) => `${scenario.id}: ${what}`;
  const userAt = (beat: number) => {
    const at = messages.findIndex((m) => m.role === 'user' && m.content === scenario.beats[beat]!.user);
    if (at < 0) throw new Error(where(`beat ${beat}'s user message is not in the case's messages`));
    return at;
  };
  const cutAt = scenario.cutBeat !== undefined ? userAt(scenario.cutBeat) : fork?.keptFrom;
  if (cutAt == null) throw new Error(where('no cut: give cutBeat or a compaction that keeps a tail'));
  const cuts: (Cut | string)[] = c
    ? ['recorded', ...(scenario.cutBeat !== undefined ? [cutAt] : [])]
    : ['auto', cutAt];
  const facts = scenario.facts.map((fact) => {
    const hits = messages.flatMap((m, i) => (messageText(m).includes(fact.quote) ? [i] : []));
    if (hits.length === 0) throw new Error(where(`fact ${fact.id}: the quote is in no message`));
    const message = hits[0]!;
    if (message < cutAt !== (fact.side === 'before'))
      throw new Error(
        where(
          `fact ${fact.id} is "${fact.side}" but message ${message} is on the other side of cut ${cutAt}`,
        ),
      );
    return {
      id: fact.id,
      kind: fact.kind,
      side: fact.side,
      ...(fact.text ? { text: fact.text } : {}),
      evidence: { message, id: messages[message]!.id, quote: fact.quote },
    };
  });
  const numeric = cuts.filter((x): x is number => typeof x === 'number');
  const kase = {
    $schema: '../cases/case.schema.json',
    id: scenario.id,
    description: scenario.description,
    session: sessionName,
    sha256: await sha256Hex(session),
    cuts,
    ...(numeric.length
      ? { cutIds: Object.fromEntries(numeric.map((n) => [String(n), messages[n]!.id])) }
      : {}),
    facts,
    probes: scenario.probes,
  };
  const file = join(SCALE_DIR, `${scenario.id}.case.json`);
  return {
    file,
    json: await format(JSON.stringify(kase), {
      ...(await resolveConfig(file)),
      filepath: file,
    }),
    sessionFile: join(SCALE_DIR, sessionName),
    session,
  };
}

/** Loads a written case as `cases` does, and refuses leaks and small sessions; its line for the table. */
async function verify(file: string): Promise<string> {
  const kase = await loadCase(file, { root: SCALE_DIR });
  const leaks = tailLeaks(kase);
  if (leaks.length)
    throw new Error(
      `${kase.id}: tail leakage: ${leaks.map((l) => `${l.fact} in message ${l.message}`).join(', ')}`,
    );
  if (kase.notices.length) throw new Error(kase.notices.join('\n'));
  const unseen = findFacts(
    kase.facts,
    kase.messages,
    kase.messages.map((_, i) => i),
  ).filter((f) => !f.kept);
  if (unseen.length)
    throw new Error(
      `${kase.id}: the matcher cannot find ${unseen.map((f) => f.id).join(', ')} even in the whole session`,
    );
  const tokens = (await estimatorFor(CASE_COUNT_SETTINGS)).countMessages(kase.messages);
  if (tokens < MIN_TOKENS) throw new Error(`${kase.id}: ${tokens} tokens, under ${MIN_TOKENS}`);
  const before = kase.facts.filter((f) => f.side === 'before').length;
  return `| \`${kase.id}\` | ${tokens.toLocaleString('en-US')} | ${kase.cuts.join(', ')} | ${before} / ${kase.facts.length - before} / ${kase.probes.length} |`;
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { check: { type: 'boolean' } } });
  mkdirSync(join(SCALE_DIR, 'sessions'), { recursive: true });
  const rows: string[] = [];
  let stale = 0;
  for (const scenario of SCENARIOS) {
    const built = await build(scenario).catch((error: unknown) => {
      throw new Error(`${scenario.id}: ${String(error)}`);
    });
    for (const [path, text] of [
      [built.sessionFile, built.session],
      [built.file, built.json],
    ] as const) {
      let old = '';
      try {
        old = readFileSync(path, 'utf8');
      } catch {
        old = '';
      }
      if (old === text) continue;
      if (values.check) {
        stale++;
        console.error(`would change: ${path}`);
      } else writeFileSync(path, text);
    }
    if (!values.check) rows.push(await verify(built.file));
  }
  if (values.check && stale) process.exit(1);
  if (rows.length)
    console.log(
      ['| case | tokens | cuts | facts / controls / probes |', '| --- | --: | --- | --- |', ...rows].join(
        '\n',
      ),
    );
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
