/**
 * Every colour pair the page shows, in both themes, read from the theme's
 * variables in styles.css: text reaches 4.5:1 against what it sits on (WCAG
 * 1.4.3), bars and marks 3:1 (WCAG 1.4.11). The page once showed tool names
 * in orange at 3.2:1 and assistant names in green at 3.3:1 on white.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

type Rgb = [number, number, number];
type Theme = Record<string, string>;

const CSS = readFileSync(new URL('./styles.css', import.meta.url), 'utf8');

/** The `--name: value` declarations of the first block that opens with `selector {`. */
function declarations(selector: string): Theme {
  const start = CSS.indexOf(`${selector} {`);
  if (start < 0) throw new Error(`styles.css has no block ${selector}`);
  const body = CSS.slice(start, CSS.indexOf('}', start));
  return Object.fromEntries([...body.matchAll(/(--[\w-]+):\s*([^;]+);/g)].map((m) => [m[1].slice(2), m[2]]));
}

const LIGHT = declarations(':root');
const THEMES: Record<'light' | 'dark', Theme> = {
  light: LIGHT,
  dark: { ...LIGHT, ...declarations(":root[data-theme='dark']") },
};

/** A colour as written in styles.css: `#rrggbb` or `rgba(r, g, b, a)`. */
function parse(value: string): { rgb: Rgb; alpha: number } {
  const hex = /^#([0-9a-f]{6})$/i.exec(value);
  if (hex) {
    const n = parseInt(hex[1], 16);
    return { rgb: [(n >> 16) & 255, (n >> 8) & 255, n & 255], alpha: 1 };
  }
  const rgba = /^rgba\(\s*(\d+),\s*(\d+),\s*(\d+),\s*([\d.]+)\s*\)$/.exec(value);
  if (rgba) return { rgb: [+rgba[1], +rgba[2], +rgba[3]], alpha: +rgba[4] };
  throw new Error(`not a colour: ${value}`);
}

const over = (top: Rgb, alpha: number, under: Rgb): Rgb =>
  top.map((c, i) => c * alpha + under[i] * (1 - alpha)) as Rgb;

/**
 * A surface: a variable, or a variable laid at `percent` over another one (how
 * `color-mix(in srgb, X n%, transparent)` and the rgba fate bands look on a panel).
 */
type Surface = string | { tint: string; percent?: number; over: string };

function solid(theme: Theme, name: string): Rgb {
  const { rgb, alpha } = parse(theme[name] ?? fail(`no variable --${name}`));
  return alpha === 1 ? rgb : over(rgb, alpha, solid(theme, 'panel'));
}

function surface(theme: Theme, s: Surface): Rgb {
  if (typeof s === 'string') return solid(theme, s);
  const { rgb, alpha } = parse(theme[s.tint]);
  return over(rgb, s.percent !== undefined ? s.percent / 100 : alpha, surface(theme, s.over));
}

function fail(message: string): never {
  throw new Error(message);
}

const luminance = (rgb: Rgb) => {
  const [r, g, b] = rgb.map((c) => {
    const v = c / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
};

function contrast(a: Rgb, b: Rgb): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

const name = (s: Surface) =>
  typeof s === 'string' ? s : `${s.tint}${s.percent !== undefined ? ` ${s.percent}%` : ''} over ${s.over}`;

const ROLES = ['system', 'user', 'assistant', 'tool', 'summary'];
/** A message row: plain, hovered, selected; a summary row of the resulting list. */
const ROW_SURFACES: Surface[] = [
  'panel',
  'panel-2',
  { tint: 'accent', percent: 12, over: 'panel' },
  { tint: 'role-summary', percent: 12, over: 'panel' },
];
const FATE_BANDS: Surface[] = ['fate-kept', 'fate-summarized', 'fate-turn-prefix', 'fate-omitted'].map(
  (tint) => ({ tint, over: 'panel' }),
);

/** [text colour, what it sits on, where]. */
const TEXT: [string, Surface, string][] = [
  ...[
    'bg',
    'panel',
    'panel-2',
    ...ROW_SURFACES.slice(2),
    { tint: 'accent', percent: 10, over: 'panel' },
  ].flatMap((s): [string, Surface, string][] => [
    ['fg', s, 'body text'],
    ['muted', s, 'labels and notes'],
  ]),
  ...ROLES.flatMap((role) =>
    ROW_SURFACES.map((s): [string, Surface, string] => [`role-${role}-text`, s, 'role names in the lists']),
  ),
  ['accent-fg', 'accent', 'primary buttons'],
  ['warn', 'warn-bg', 'verdict "fires", warning flags'],
  ['warn', 'panel', 'adjusted values, notes'],
  ['ok', 'ok-bg', 'verdict "quiet", good flags'],
  ['ok', 'panel', 'diff: added'],
  ['ok', 'panel-2', 'diff lines: added'],
  ['danger', 'danger-bg', 'too-long link badge'],
  ['danger', 'panel', 'field errors, diff: removed'],
  ['danger', 'panel-2', 'diff lines: removed'],
  ['fg', 'danger-bg', 'error boxes'],
  ['fg', 'warn-bg', 'warning boxes'],
  ['fg', 'ok-bg', 'good banners'],
  ...FATE_BANDS.map((s): [string, Surface, string] => ['fg', s, 'fate chips']),
  ['strategy-budget', 'panel', 'strategy labels on the strip'],
  ['strategy-pi', 'panel', 'strategy labels on the strip'],
  ['strategy-turns', 'panel', 'strategy labels on the strip'],
  ['cut-line', 'panel', 'threshold label on the chart'],
  ['panel', 'cut-line', 'cut tab on the strip'],
  ['panel', 'keep-handle', 'keep-recent tab on the strip'],
];

/** [mark colour, what it sits on, where]: graphics need 3:1. */
const MARKS: [string, Surface, string][] = [
  ...ROLES.flatMap((role) =>
    ['panel', ...FATE_BANDS].map((s): [string, Surface, string] => [`role-${role}`, s, 'bars']),
  ),
  ...['cut-line', 'keep-handle', 'strategy-budget', 'strategy-pi', 'strategy-turns'].map(
    (mark): [string, Surface, string] => [mark, 'panel', 'lines on the strip'],
  ),
  ['focus', 'panel', 'focus ring'],
  ['focus', 'bg', 'focus ring'],
  // The context bar: its parts are the role colours above, on the panel, besides these.
  ['muted', 'panel', 'context bar: the part not in the file, and its outline'],
  ['fg', 'panel', "context bar: the list's framing"],
  ['warn', 'panel', 'context bar: the reserve, hatched'],
  ['cut-line', 'panel', "context bar: the window's edge"],
];

describe.each(Object.keys(THEMES) as (keyof typeof THEMES)[])('the %s theme', (themeName) => {
  const theme = THEMES[themeName];

  it.each(TEXT.map(([text, on, where]) => ({ text, on, where, label: `${text} on ${name(on)}` })))(
    'text $label reaches 4.5:1 ($where)',
    ({ text, on }) => {
      expect(contrast(solid(theme, text), surface(theme, on))).toBeGreaterThanOrEqual(4.5);
    },
  );

  it.each(MARKS.map(([mark, on, where]) => ({ mark, on, where, label: `${mark} on ${name(on)}` })))(
    'mark $label reaches 3:1 ($where)',
    ({ mark, on }) => {
      expect(contrast(solid(theme, mark), surface(theme, on))).toBeGreaterThanOrEqual(3);
    },
  );
});

describe('the contrast measure', () => {
  it('gives the known ratios: black on white 21:1, the old tool orange on white 3.19:1', () => {
    expect(contrast([0, 0, 0], [255, 255, 255])).toBeCloseTo(21, 5);
    expect(contrast(parse('#d97706').rgb, [255, 255, 255])).toBeCloseTo(3.19, 2);
  });

  it('lays a translucent band over the panel under it', () => {
    expect(over([0, 0, 0], 0.5, [255, 255, 255])).toEqual([127.5, 127.5, 127.5]);
  });
});
