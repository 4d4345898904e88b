/** The command line: the playground's core without a browser. */
import { readFileSync } from 'node:fs';
import { AUDIT_HELP, audit } from './audit';
import { CASES_HELP, casesCommand } from './cases';
import { CHECK_HELP, checkCommand } from './check';
import { ARCHIVE_HELP, archiveCommand } from './archive';
import { COMPACT_HELP, compact } from './compact';
import { CONFIG_HELP, configCommand } from './config';
import { COUNT_HELP, count } from './count';
import { EXIT_BAD_INPUT, EXIT_FAILURE, UsageError, inline, processIo, terminalIo, type Io } from './io';
import { INSPECT_HELP, inspect } from './inspect';
import { REPLAY_HELP, replayCommand } from './replay';
import { SHARE_HELP, share } from './share';
import { STATUSLINE_HELP, statusline } from './statusline';
import { WATCH_HELP, watch } from './watch';

const COMMANDS: Record<string, (argv: string[], io: Io) => Promise<number>> = {
  inspect,
  compact,
  share,
  count,
  replay: replayCommand,
  audit,
  watch: (argv, io) => watch(argv, io),
  statusline: (argv, io) => statusline(argv, io),
  archive: archiveCommand,
  config: configCommand,
  cases: casesCommand,
  check: (argv, io) => checkCommand(argv, io),
};

export const HELP = `compaction-playground: see where an agent transcript's context goes and where compaction would cut it.

Usage:
  compaction-playground inspect FILE [options]            tokens per message, threshold, verdict and cut
  compaction-playground compact FILE --provider P [...]   run one compaction and print the summary and result
  compaction-playground share FILE [options]              print a share link (or write a repro bundle)
  compaction-playground count FILE --provider P [...]     the provider's own token count, ours, and the scale
  compaction-playground replay FILE [options]             recorded compactions, and the session replayed under the settings
  compaction-playground audit FILE [--json]               what each recorded compaction kept, lost and cost
  compaction-playground check [--config FILE] [--junit F] the gate for CI: every budget of compaction-check.json held to every case
  compaction-playground watch FILE|DIR [options]          follow a session as it is written: how far the next compaction is
  compaction-playground statusline                        Claude Code's status line: context share, tokens until auto-compact
  compaction-playground archive DIR [--json] [--out FILE] every session under a folder: a row each, totals, tables for DuckDB
  compaction-playground config --harness ID [options]     the settings written in that agent's own configuration
  compaction-playground cases DIR [--strategy a,b] [...]  gold-fact cases under every strategy: facts kept, tokens, cost
  compaction-playground --version                         the version of this package

Run a command with --help for its options.

${INSPECT_HELP}

${COMPACT_HELP}

${SHARE_HELP}

${COUNT_HELP}

${REPLAY_HELP}

${AUDIT_HELP}

${WATCH_HELP}

${STATUSLINE_HELP}

${ARCHIVE_HELP}

${CONFIG_HELP}

${CASES_HELP}

${CHECK_HELP}`;

/** Runs one command. Everything it prints, to a terminal or not, passes through `terminalIo`. */
export async function main(argv: string[], given: Io = processIo): Promise<number> {
  const io = terminalIo(given);
  const [command, ...rest] = argv;
  if (!command || command === '--help' || command === '-h' || command === 'help') {
    io.out(HELP);
    return command ? 0 : EXIT_BAD_INPUT;
  }
  if (command === '--version' || command === '-v') {
    io.out(version());
    return 0;
  }
  const run = COMMANDS[command];
  try {
    if (!run)
      throw new UsageError(`unknown command '${command}' (commands: ${Object.keys(COMMANDS).join(', ')})`);
    return await run(rest, io);
  } catch (error) {
    // An error names what it read (a path, a case's id, a quote): each is one line here.
    if (error instanceof UsageError) {
      io.err(`compaction-playground: ${inline(error.message)}`);
      for (const detail of error.details) io.err(`  - ${inline(detail)}`);
      return EXIT_BAD_INPUT;
    }
    io.err(`compaction-playground: ${inline(error instanceof Error ? error.message : String(error))}`);
    return EXIT_FAILURE;
  }
}

/** The package's version: its package.json is two folders up from here, in the sources (src/cli) as in the build (lib/cli). */
function version(): string {
  const manifest = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
    version: string;
  };
  return manifest.version;
}
