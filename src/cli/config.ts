/** `config --harness ID`: the tuned settings written in that agent's own configuration. */
import { HARNESSES, explainSettings } from '../core';
import { CONFIG_TARGETS, agentConfig, configProblem, isConfigTarget } from '../core/agentConfig';
import { EXIT_OK, UsageError, jsonDocument, type Io } from './io';
import { HARNESS_HELP, HARNESS_OPTIONS } from './harnessOptions';
import { describeAdjustment, parse, settingsFrom } from './options';

const TARGET_IDS = CONFIG_TARGETS.map((t) =>
  t.aliases.length ? `${t.id} (or ${t.aliases.join(', ')})` : t.id,
).join(' | ');

export const CONFIG_HELP = `Usage: compaction-playground config --harness ID [options]

Writes the settings in an agent's own configuration: the text to paste on
stdout, and on stderr where it goes and what the agent cannot express (the
closest it can, and what differs). Reads no file and no provider settings.

Options:
  --harness ID        the agent: ${TARGET_IDS}
  --window N          context window in tokens (default 128000)
  --reserve N         tokens kept free for the next response (default 16384)
  --keep-recent N     tokens of recent conversation kept verbatim (default 20000)
  --max-summary N     cap on the summary's tokens (default 0: derived from the reserve)
  --strategy S        whose threshold to write: budget | pi | turns (default budget: window −
                      reserve) or a preset's own: ${HARNESSES.join(' | ')}
  --json              print {harness, file, format, text, notes}

Preset parameters: each sets the preset that has it; one that two presets share
sets the one chosen with --strategy:
${HARNESS_HELP}`;

const CONFIG_OPTIONS = {
  harness: { type: 'string' },
  window: { type: 'string' },
  reserve: { type: 'string' },
  'keep-recent': { type: 'string' },
  'max-summary': { type: 'string' },
  strategy: { type: 'string' },
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
  ...HARNESS_OPTIONS,
} as const;

export async function configCommand(argv: string[], io: Io): Promise<number> {
  const { values, positionals } = parse(argv, CONFIG_OPTIONS);
  if (values.help) {
    io.out(CONFIG_HELP);
    return EXIT_OK;
  }
  if (positionals.length) throw new UsageError(`config reads no file (got '${positionals[0]}')`);
  const harness = values.harness;
  if (typeof harness !== 'string') throw new UsageError(`config needs --harness (one of: ${TARGET_IDS})`);
  if (!isConfigTarget(harness))
    throw new UsageError(`--harness: unknown agent '${harness}' (one of: ${TARGET_IDS})`);
  const { settings, adjustments } = explainSettings(settingsFrom(values));
  const problem = configProblem(harness, settings);
  if (problem) throw new UsageError(`--strategy ${problem}`);
  const config = agentConfig(harness, settings);
  // A value the playground changed is written changed: said, so the text is not taken for what was typed.
  const adjusted = adjustments.map((a) => `compaction-playground: written with ${describeAdjustment(a)}`);
  if (values.json) {
    io.out(jsonDocument(config));
    for (const line of adjusted) io.err(line);
    return EXIT_OK;
  }
  if (config.text) io.out(config.text.replace(/\n$/, ''));
  for (const line of adjusted) io.err(line);
  io.err(`compaction-playground: for ${config.file}`);
  for (const note of config.notes) io.err(`  note: ${note}`);
  return EXIT_OK;
}
