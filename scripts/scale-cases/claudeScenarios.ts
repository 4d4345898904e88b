/** The real-scale cases written as Claude Code sessions. */
import { bash, grep, edit, work, failing, MAPS, SEARCH, type Scenario } from './scenarioKit';

export const CLAUDE_SCENARIOS: Scenario[] = [
  {
    id: 'scale-claude-tiles-cache',
    description:
      'Claude Code, ~60k tokens: a tile cache that serves stale styles; forked at the compact_boundary it recorded, with a cut for controls.',
    format: 'claude-code',
    seed: 3303,
    project: MAPS,
    beats: [
      {
        user: 'After a style change, zoom 14 tiles still render with the old colours. Cache keys must stay under 250 bytes (the CDN limit).',
        filler: 4,
      },
      { user: work(0), filler: 6 },
      {
        user: 'Check what the cache stores.',
        planted: [
          bash(
            'redis-cli --scan --pattern "tile:*" | head -3',
            'tile:v3:osm-bright:14:8741:5630\ntile:v3:osm-bright:14:8742:5630\ntile:v3:osm-bright:14:8741:5631',
          ),
        ],
        filler: 4,
      },
      { user: work(1), filler: 6 },
      {
        user: work(2),
        planted: [
          grep(
            'styleRevision',
            'src/style/revision.ts:5:export function styleRevision(style: Style): string {',
          ),
        ],
        filler: 5,
      },
      {
        user: 'Make the key include the style revision.',
        planted: [
          edit(
            'src/cache/tileKey.ts',
            '  return `tile:v3:${style}:${z}:${x}:${y}`;',
            '  return `tile:v4:${styleRevision(style)}:${z}:${x}:${y}`;',
          ),
        ],
        filler: 4,
        reply:
          'Keys now start with tile:v4 and carry the style revision; old tile:v3 keys expire on their own after 86400 seconds.',
      },
      { user: work(3), filler: 6 },
      { user: work(4), filler: 5 },
      {
        user: 'Run the render benchmark.',
        planted: [
          bash(
            'pnpm bench render',
            'render z14: p95 312 ms (was 287 ms)\nrender z15: p95 401 ms\nSLOWER: sprite atlas rebuilt per request in buildSpriteAtlas',
          ),
        ],
        filler: 4,
      },
      {
        user: 'Cache the sprite atlas per style revision.',
        planted: [
          edit(
            'src/render/spriteAtlas.ts',
            'export function buildSpriteAtlas(style: Style) {',
            'export const buildSpriteAtlas = memoizeByRevision((style: Style) => {',
          ),
        ],
        filler: 4,
      },
      {
        user: 'Run the tests.',
        planted: [
          bash(
            'pnpm test',
            failing('src/render/spriteAtlas.test.ts', [
              'ReferenceError: memoizeByRevision is not defined',
            ]).join('\n'),
          ),
        ],
        filler: 4,
      },
      { user: work(5), filler: 4 },
      { user: 'Ship it.', filler: 2 },
      { user: 'Also purge the CDN.', filler: 2 },
    ],
    compaction: {
      afterBeat: 12,
      summary:
        'Primary request: stale tiles after a style change.\nKey changes: tile keys now carry the style revision (tile:v4). Sprite atlas cached per revision; memoizeByRevision still to import.',
    },
    cutBeat: 8,
    facts: [
      {
        id: 'key-limit',
        kind: 'constraint',
        side: 'before',
        text: 'Cache keys must stay under 250 bytes',
        quote: 'Cache keys must stay under 250 bytes (the CDN limit)',
      },
      {
        id: 'old-key',
        kind: 'identifier',
        side: 'before',
        text: 'osm-bright',
        quote: 'tile:v3:osm-bright:14:8741:5630',
      },
      {
        id: 'revision-fn',
        kind: 'identifier',
        side: 'before',
        text: 'styleRevision',
        quote: 'export function styleRevision',
      },
      {
        id: 'key-file',
        kind: 'artifact',
        side: 'before',
        text: 'src/cache/tileKey.ts',
        quote: 'src/cache/tileKey.ts',
      },
      {
        id: 'ttl',
        kind: 'constraint',
        side: 'before',
        text: 'old tile:v3 keys expire after 86400 seconds',
        quote: 'old tile:v3 keys expire on their own after 86400 seconds',
      },
      {
        id: 'p95',
        kind: 'constraint',
        side: 'after',
        text: 'render z14 p95 is 312 ms (was 287 ms)',
        quote: 'render z14: p95 312 ms (was 287 ms)',
      },
      {
        id: 'memo-error',
        kind: 'last-error',
        side: 'after',
        text: 'memoizeByRevision is not defined',
        quote: 'ReferenceError: memoizeByRevision is not defined',
      },
    ],
    probes: [
      { kind: 'recall', question: 'What limit do cache keys have?', expected: ['250 bytes'] },
      {
        kind: 'artifact',
        question: 'Which file builds the tile cache key?',
        expected: ['src/cache/tileKey.ts'],
      },
    ],
  },
  {
    id: 'scale-claude-search-ranking',
    description:
      'Claude Code, ~60k tokens without a compaction: a ranking regression after a tokenizer change, cut by index.',
    format: 'claude-code',
    seed: 4404,
    project: SEARCH,
    beats: [
      {
        user: 'Search ranking got worse after the tokenizer upgrade. Do not reindex the production shards before Friday; only shard-07 is a copy we can reindex.',
        filler: 4,
      },
      { user: work(0), filler: 6 },
      {
        user: 'Compare the scores for the query "rate limit".',
        planted: [
          bash(
            'npm run score -- "rate limit" --shard shard-07',
            'ndcg@10 before: 0.742\nndcg@10 after: 0.611\ntop hit moved: /docs/limits.md -> /blog/2019-retro.md',
          ),
        ],
        filler: 4,
      },
      { user: work(1), filler: 6 },
      {
        user: work(2),
        planted: [
          grep(
            'splitCamelTerms',
            'src/index/tokenize.ts:31:export function splitCamelTerms(term: string): string[] {',
          ),
        ],
        filler: 5,
      },
      {
        user: 'Why did the top hit move?',
        filler: 4,
        reply:
          'The new tokenizer drops stemming for fields named title_exact, so BM25F gives the title field a weight of 0 for those docs.',
      },
      { user: work(3), filler: 6 },
      {
        user: 'Restore stemming for title_exact.',
        planted: [
          edit(
            'src/index/fields.ts',
            '  title_exact: { stem: false },',
            '  title_exact: { stem: true, boost: 2.5 },',
          ),
        ],
        filler: 4,
      },
      { user: work(4), filler: 5 },
      {
        user: 'Reindex shard-07 and score again.',
        planted: [
          bash(
            'npm run reindex -- --shard shard-07 && npm run score -- "rate limit" --shard shard-07',
            'reindexed 91344 docs in 212 s\nndcg@10 after fix: 0.758',
          ),
        ],
        filler: 4,
      },
      {
        user: 'Run the query tests.',
        planted: [
          bash(
            'npm run test',
            failing('src/query/highlight.test.ts', [
              'Error: snippet for doc dc_4412 lost its <mark> around "limit"',
            ]).join('\n'),
          ),
        ],
        filler: 4,
      },
      { user: work(5), filler: 5 },
    ],
    cutBeat: 9,
    facts: [
      {
        id: 'no-reindex',
        kind: 'constraint',
        side: 'before',
        text: 'Do not reindex the production shards before Friday; only shard-07 may be reindexed',
        quote: 'Do not reindex the production shards before Friday',
      },
      {
        id: 'ndcg-drop',
        kind: 'constraint',
        side: 'before',
        text: 'ndcg@10 before: 0.742, after: 0.611',
        quote: 'ndcg@10 before: 0.742',
      },
      {
        id: 'camel-split',
        kind: 'identifier',
        side: 'before',
        text: 'splitCamelTerms',
        quote: 'export function splitCamelTerms',
      },
      {
        id: 'title-exact',
        kind: 'identifier',
        side: 'before',
        text: 'title_exact',
        quote: 'The new tokenizer drops stemming for fields named title_exact',
      },
      {
        id: 'fields-file',
        kind: 'artifact',
        side: 'before',
        text: 'src/index/fields.ts',
        quote: 'src/index/fields.ts',
      },
      {
        id: 'reindexed',
        kind: 'constraint',
        side: 'after',
        text: 'reindexed 91344 docs; ndcg@10 after the fix is 0.758',
        quote: 'ndcg@10 after fix: 0.758',
      },
      {
        id: 'snippet-error',
        kind: 'last-error',
        side: 'after',
        text: 'snippet for doc dc_4412 lost its <mark>',
        quote: 'snippet for doc dc_4412 lost its <mark>',
      },
    ],
    probes: [
      { kind: 'recall', question: 'Which shard may be reindexed?', expected: ['shard-07'] },
      { kind: 'decision', question: 'What caused the ranking drop?', expected: ['title_exact'] },
    ],
  },
];
