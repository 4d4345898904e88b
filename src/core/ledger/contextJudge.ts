/**
 * The agent's facts judged against many contexts at once: what every
 * strategy left at one recorded compaction. The contexts share most of
 * their messages, so each distinct message is indexed once, and each clue a
 * fact needs (a path, a key word's stem, a number) is looked for once over
 * all of them; a context says the clue when one of its messages does.
 *
 * That is the judge on each context's whole text (its messages joined by a
 * blank line), since such a clue never runs across that blank line. The
 * clues that could (a command quoted with its white space collapsed, a
 * sentence looked for whole, a clue with a line break in it) are looked for
 * in the context's whole text, as the judge always does.
 */
import { factRule } from '../eval/score';
import {
  boundedAt,
  clueHolds,
  identifierAt,
  indexSummary,
  numberRule,
  ruleHolds,
  type Clue,
  type Rule,
  type SummaryIndex,
} from '../eval/match';
import type { Message } from '../message';
import { LEDGER_KINDS, type FactSurvival, type LedgerKind } from './kinds';
import type { SummarizedFacts } from './ledger';
import { factLoss, type FactLoss } from './survival';

/** Each message's index for the judge, kept across compactions: a message never changes. */
export type PieceIndexes = WeakMap<Message, SummaryIndex>;

/** What one context says as the judge reads it: each message's text and its tool calls' arguments. */
function messageText(m: Message): string {
  return [m.content, ...(m.toolCalls ?? []).map((t) => `${t.name} ${t.arguments}`)].join('\n\n');
}

function pieceOf(m: Message, pieces: PieceIndexes): SummaryIndex {
  let piece = pieces.get(m);
  if (!piece) pieces.set(m, (piece = indexSummary(messageText(m))));
  return piece;
}

/** A clue that one message says or not, whatever surrounds it. */
function local(clue: Clue): boolean {
  switch (clue.kind) {
    case 'stem':
    case 'number':
      return true;
    case 'substring':
    case 'bounded':
    case 'identifier':
      return clue.text.length > 0 && !clue.text.includes('\n');
    case 'flat':
    case 'lower':
      return false;
  }
}

const fieldOf = (kind: 'stem' | 'number') => (kind === 'stem' ? 'stems' : 'numbers');

interface Item {
  kind: LedgerKind;
  text: string;
  atMessage: number;
  rule: Rule;
}

function itemsOf(facts: SummarizedFacts): Item[] {
  const items: Item[] = [];
  for (const kind of LEDGER_KINDS) {
    if (kind === 'numbers') {
      for (const n of facts.numbers)
        items.push({ kind, text: n.text, atMessage: n.index, rule: numberRule(n.text) });
    } else {
      for (const f of facts[kind]) items.push({ kind, text: f.text, atMessage: f.index, rule: factRule(f) });
    }
  }
  return items;
}

/** The distinct messages of every context, numbered, and their texts joined once to be searched. */
class Pieces {
  private readonly ids = new Map<Message, number>();
  readonly indexes: SummaryIndex[] = [];
  private joined: { text: string; starts: number[] } | null = null;

  constructor(private readonly cache: PieceIndexes) {}

  idOf(m: Message): number {
    let id = this.ids.get(m);
    if (id === undefined) {
      id = this.indexes.length;
      this.ids.set(m, id);
      this.indexes.push(pieceOf(m, this.cache));
    }
    return id;
  }

  /**
   * The messages that say each of `words`, key words' stems or numbers:
   * each message's own words against those asked for, whichever are fewer.
   */
  wordHolders(field: 'stems' | 'numbers', words: ReadonlySet<string>): Map<string, Int32Array> {
    const found = new Map<string, number[]>();
    for (const word of words) found.set(word, []);
    for (let id = 0; id < this.indexes.length; id++) {
      const own = this.indexes[id]![field];
      if (own.size < words.size) {
        for (const word of own) found.get(word)?.push(id);
      } else {
        for (const word of words) if (own.has(word)) found.get(word)!.push(id);
      }
    }
    return new Map([...found].map(([word, ids]) => [word, Int32Array.from(ids)]));
  }

  /** The messages whose own text, its white space collapsed, quotes `text`. */
  flatHolders(text: string): Int32Array {
    // Collapsing white space leaves every word as it was: a message without the first word cannot quote it.
    const word = text.split(' ').find(Boolean) ?? '';
    const out: number[] = [];
    for (let id = 0; id < this.indexes.length; id++) {
      const piece = this.indexes[id]!;
      if (piece.text.includes(word) && flatOf(piece).includes(text)) out.push(id);
    }
    return Int32Array.from(out);
  }

  /** The messages that say `clue`, a text clue that no message shares with the next. */
  holders(clue: Clue): Int32Array {
    const out: number[] = [];
    switch (clue.kind) {
      case 'substring':
        this.at(clue.text, () => true, out);
        break;
      case 'bounded':
        this.at(clue.text, boundedAt, out);
        break;
      case 'identifier':
        this.at(clue.text, identifierAt, out);
        break;
      default:
        throw new Error(`the clue "${clue.kind}" is not one a message says alone`);
    }
    return Int32Array.from(out);
  }

  /** Every message holding `needle` where `stands` says it stands, pushed onto `out`. */
  private at(
    needle: string,
    stands: (text: string, needle: string, at: number) => boolean,
    out: number[],
  ): void {
    this.joined ??= joinPieces(this.indexes);
    const { text, starts } = this.joined;
    let id = 0;
    for (let at = text.indexOf(needle); at >= 0; at = text.indexOf(needle, at + 1)) {
      while (id + 1 < starts.length && starts[id + 1] <= at) id++;
      if (out[out.length - 1] === id) {
        // Found in this message already: on to the next one.
        at = id + 1 < starts.length ? starts[id + 1] - 1 : text.length;
        continue;
      }
      if (stands(text, needle, at)) out.push(id);
    }
  }
}

/** A message's text with every run of white space as one space, made once. */
function flatOf(piece: SummaryIndex): string {
  return (piece.flat ??= piece.text.replace(/\s+/g, ' '));
}

/**
 * A context's whole text with every run of white space as one space, made
 * from its messages' own: the blank line between two messages joins
 * whatever white space ends one and starts the next.
 */
function joinFlat(pieces: readonly SummaryIndex[]): string {
  const out: string[] = [];
  let spaceBefore = false;
  pieces.forEach((piece, k) => {
    let flat = flatOf(piece);
    if (k > 0 && !flat.startsWith(' ')) flat = ` ${flat}`;
    if (spaceBefore && flat.startsWith(' ')) flat = flat.slice(1);
    if (flat) spaceBefore = flat.endsWith(' ');
    out.push(flat);
  });
  return out.join('');
}

function sameIds(a: Int32Array, b: Int32Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** Whether one of the messages `ids` has `word` among its `field`. */
function anySays(
  ids: Int32Array,
  indexes: readonly SummaryIndex[],
  field: 'stems' | 'numbers',
  word: string,
): boolean {
  for (let i = 0; i < ids.length; i++) if (indexes[ids[i]!]![field].has(word)) return true;
  return false;
}

/** Whether one of `ids` is marked in `marks`. */
function anyIn(ids: Int32Array, marks: Uint8Array): boolean {
  for (let i = 0; i < ids.length; i++) if (marks[ids[i]!] === 1) return true;
  return false;
}

function joinPieces(indexes: readonly SummaryIndex[]): { text: string; starts: number[] } {
  const starts: number[] = [];
  let at = 0;
  for (const piece of indexes) {
    starts.push(at);
    at += piece.text.length + 2;
  }
  return { text: indexes.map((p) => p.text).join('\n\n'), starts };
}

/** Each fact of `facts` kept or lost in each of `contexts`, counted as `factLoss` counts them. */
export function judgeContexts(
  facts: SummarizedFacts,
  contexts: readonly (readonly Message[])[],
  cache: PieceIndexes,
): FactLoss[] {
  const pieces = new Pieces(cache);
  const members = contexts.map((context) => {
    const ids = new Int32Array(context.length);
    for (let i = 0; i < context.length; i++) ids[i] = pieces.idOf(context[i]!);
    return ids;
  });
  const items = itemsOf(facts);
  // Key words and numbers are looked for all at once; a text clue when a rule first needs
  // it, so a path named in full spares the search for its file name.
  const words = { stems: new Set<string>(), numbers: new Set<string>() };
  for (const item of items)
    for (const { clues, must } of item.rule)
      for (const clue of [...clues, ...(must ?? [])])
        if (clue.kind === 'stem' || clue.kind === 'number') words[fieldOf(clue.kind)].add(clue.text);
  const wordHolders = {
    stems: pieces.wordHolders('stems', words.stems),
    numbers: pieces.wordHolders('numbers', words.numbers),
  };
  const textHolders = new Map<string, Int32Array | null>();
  const holdersOf = (clue: Clue): Int32Array | null => {
    if (clue.kind === 'stem' || clue.kind === 'number')
      return wordHolders[fieldOf(clue.kind)].get(clue.text)!;
    const key = `${clue.kind}\u0000${clue.text}`;
    let found = textHolders.get(key);
    if (found === undefined) textHolders.set(key, (found = local(clue) ? pieces.holders(clue) : null));
    return found;
  };
  const flatHolders = new Map<string, Int32Array>();
  const flatHoldersOf = (text: string) => {
    let found = flatHolders.get(text);
    if (!found) flatHolders.set(text, (found = pieces.flatHolders(text)));
    return found;
  };
  // Contexts alike (the presets that summarize everything leave the same one) are judged once.
  const judged: { ids: Int32Array; loss: FactLoss }[] = [];
  return members.map((ids) => {
    const known = judged.find((j) => sameIds(j.ids, ids));
    if (known) return known.loss;
    const inContext = new Uint8Array(pieces.indexes.length);
    for (const id of ids) inContext[id] = 1;
    let own: SummaryIndex[] | null = null;
    let whole: SummaryIndex | null = null;
    const holds = (clue: Clue) => {
      const found = holdersOf(clue);
      if (found && (clue.kind === 'stem' || clue.kind === 'number') && ids.length < found.length) {
        // Said in more messages than the context has: its own messages are fewer to look through.
        const field = fieldOf(clue.kind);
        return anySays(ids, pieces.indexes, field, clue.text);
      }
      if (found) return anyIn(found, inContext);
      // A command quoted in one message is quoted in the whole: look across messages only when none does.
      if (clue.kind === 'flat' && anyIn(flatHoldersOf(clue.text), inContext)) return true;
      own ??= Array.from(ids, (id) => pieces.indexes[id]!);
      whole ??= { text: own.map((p) => p.text).join('\n\n'), stems: new Set(), numbers: new Set() };
      if (clue.kind === 'flat') whole.flat ??= joinFlat(own);
      return clueHolds(clue, whole);
    };
    const survival = Object.fromEntries(
      LEDGER_KINDS.map((kind): [LedgerKind, FactSurvival] => [kind, { kept: [], lost: [] }]),
    ) as Record<LedgerKind, FactSurvival>;
    for (const item of items) {
      const fact = { text: item.text, atMessage: item.atMessage };
      (ruleHolds(item.rule, holds) ? survival[item.kind].kept : survival[item.kind].lost).push(fact);
    }
    const loss = factLoss(survival);
    judged.push({ ids, loss });
    return loss;
  });
}
