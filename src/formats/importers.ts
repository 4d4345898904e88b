/**
 * Every format that can be read, as data. Detection asks each importer here
 * for a bid and both import paths look the chosen one up here, so a new format
 * is added in one place (plus its row in `FORMATS`).
 */
import { anthropic } from './anthropic';
import { canonical } from './canonical';
import { clineTask } from './clineTask';
import { claudeCode } from './claudeCode';
import { codex } from './codex';
import { copilotCli } from './copilotCli';
import type { JsonImporter, JsonlImporter } from './format';
import { gemini } from './gemini';
import { gooseJson, gooseJsonl } from './goose';
import { geminiCliJson, geminiCliJsonl } from './geminiCli';
import { inspectAi } from './inspectAi';
import { langchain } from './langchain';
import { openaiChat } from './openaiChat';
import { openaiResponses } from './openaiResponses';
import { opencode } from './opencode';
import { otelJson, otelJsonl } from './otel';
import { pi } from './pi';
import { qwenCode } from './qwenCode';
import { sweAgent } from './sweAgent';
import { TEXT_FIXTURES } from './textFormats';
import { FORMATS, type FormatId } from './types';

/** Order breaks ties between equally confident detections: the more specific format first. */
export const JSON_IMPORTERS: readonly JsonImporter[] = [
  canonical,
  opencode,
  geminiCliJson,
  clineTask,
  gooseJson,
  otelJson,
  inspectAi,
  sweAgent,
  openaiResponses,
  anthropic,
  gemini,
  langchain,
  openaiChat,
];
export const JSONL_IMPORTERS: readonly JsonlImporter[] = [
  qwenCode,
  claudeCode,
  codex,
  pi,
  geminiCliJsonl,
  otelJsonl,
  copilotCli,
  gooseJsonl,
];

/**
 * Each format's hand-written fixtures (`src/formats/fixtures/`), as its
 * importers declare them; an empty list for a format with none, which the
 * fixture test refuses.
 */
export function formatFixtures(): ReadonlyMap<FormatId, readonly string[]> {
  const declared: [FormatId, readonly string[]][] = [
    ...[...JSON_IMPORTERS, ...JSONL_IMPORTERS].map((importer): [FormatId, readonly string[]] => [
      importer.id,
      importer.fixtures,
    ]),
    ...(Object.entries(TEXT_FIXTURES) as [FormatId, readonly string[]][]),
  ];
  return new Map(
    FORMATS.map((f) => [f.id, declared.filter(([id]) => id === f.id).flatMap(([, files]) => files)]),
  );
}
