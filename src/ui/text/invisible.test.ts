import { describe, expect, it } from 'vitest';
import { revealInvisible, type TextSegment } from './invisible';

/** The segments as a code editor would draw them: text as is, each box as [NAME] or [NAME×n]. */
function drawn(segments: TextSegment[]): string {
  return segments
    .map((s) => (s.kind === 'text' ? s.text : `[${s.count > 1 ? `${s.name}×${s.count}` : s.name}]`))
    .join('');
}

const show = (text: string) => drawn(revealInvisible(text));
const raw = (segments: TextSegment[]) => segments.map((s) => s.raw).join('');

describe('revealInvisible', () => {
  it('names a right-to-left override, so evil\\u202Eexe.txt cannot pass for a text file', () => {
    const segments = revealInvisible('evil\u202Eexe.txt');
    expect(segments).toEqual([
      { kind: 'text', text: 'evil', raw: 'evil' },
      { kind: 'invisible', name: 'RLO', title: 'U+202E RIGHT-TO-LEFT OVERRIDE', count: 1, raw: '\u202E' },
      { kind: 'text', text: 'exe.txt', raw: 'exe.txt' },
    ]);
  });

  it('names every bidi embedding, override and isolate control', () => {
    expect(show('a\u202Ab\u202Bc\u202Cd\u202De\u2066f\u2067g\u2068h\u2069')).toBe(
      'a[LRE]b[RLE]c[PDF]d[LRO]e[LRI]f[RLI]g[FSI]h[PDI]',
    );
  });

  it('names zero-width characters, marks, the byte order mark and the soft hyphen', () => {
    expect(show('\uFEFFpass\u200Bwo\u200Crd\u200D!\u200E\u200F in\u00ADvisible')).toBe(
      '[BOM]pass[ZWSP]wo[ZWNJ]rd[ZWJ]![LRM][RLM] in[SHY]visible',
    );
  });

  it('names other format characters by code point when they have no short name', () => {
    expect(show('x\u2061y\u206Az\u{1D173}')).toBe('x[FA]y[U+206A]z[U+1D173]');
  });

  it('names C0 and C1 controls but keeps tab, line feed and a CR before LF as text', () => {
    expect(show('a\tb\nc\r\nd\re\x00f\x1Bg\x7Fh\x85i\x9Bj')).toBe(
      'a\tb\nc\r\nd[CR]e[NUL]f[ESC]g[DEL]h[NEL]i[CSI]j',
    );
  });

  it('collapses a run of one character into one box with its count', () => {
    const segments = revealInvisible(`a${'\u200B'.repeat(5000)}b`);
    expect(segments).toHaveLength(3);
    expect(segments[1]).toMatchObject({ kind: 'invisible', name: 'ZWSP', count: 5000 });
    expect(drawn(segments)).toBe('a[ZWSP×5000]b');
  });

  it('shows the ASCII that tag characters hide', () => {
    const hidden = [...'rm -rf'].map((c) => String.fromCodePoint(0xe0000 + c.charCodeAt(0))).join('');
    expect(show(`ok${hidden}.`)).toBe('ok[TAG "rm -rf"].');
  });

  it('leaves emoji sequences alone: joiners between emoji, tags in a subdivision flag', () => {
    const family = '👨\u200D👩\u200D👧';
    const skinTone = '👩🏽\u200D💻';
    const heart = '❤️\u200D🔥';
    const england = '🏴\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}';
    for (const text of [family, skinTone, heart, england]) expect(show(text)).toBe(text);
  });

  it('leaves joiners inside non-Latin words alone, and names them between ASCII letters', () => {
    expect(show('می\u200Cخواهم')).toBe('می\u200Cخواهم');
    expect(show('क्\u200Dष')).toBe('क्\u200Dष');
    expect(show('pass\u200Dword')).toBe('pass[ZWJ]word');
  });

  it('names line separators and Hangul fillers that draw as blank letters', () => {
    expect(show('a\u2028b\u2029c\u3164d')).toBe('a[LSEP]b[PSEP]c[HF]d');
  });

  it('keeps offsets: the raw parts join back into the text', () => {
    const text = 'x\u202E\u202Ey\u{E0041}\u{E0042}\r\nz\x00';
    expect(raw(revealInvisible(text))).toBe(text);
  });

  it('draws at most the box limit, then writes the names in brackets and keeps the raw text', () => {
    const text = 'a\u200Bb\u200Cc\u200Dd';
    const segments = revealInvisible(text, 2);
    expect(segments.filter((s) => s.kind === 'invisible')).toHaveLength(2);
    expect(drawn(segments)).toBe('a[ZWSP]b[ZWNJ]c[ZWJ]d');
    expect(raw(segments)).toBe(text);
  });

  it('returns plain text as one segment, and nothing for nothing', () => {
    expect(revealInvisible('plain text, ünïcödé, 日本語 🙂')).toEqual([
      { kind: 'text', text: 'plain text, ünïcödé, 日本語 🙂', raw: 'plain text, ünïcödé, 日本語 🙂' },
    ]);
    expect(revealInvisible('')).toEqual([]);
  });

  it('draws at most the default 500 boxes for a megabyte of hostile text, and keeps all of it', () => {
    const text = 'a\u202E'.repeat(500_000);
    const segments = revealInvisible(text);
    expect(segments.filter((s) => s.kind === 'invisible')).toHaveLength(500);
    expect(segments).toHaveLength(1001);
    expect(raw(segments)).toBe(text);
  });
});
