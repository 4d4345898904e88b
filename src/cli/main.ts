/** The command line: the playground's core without a browser. */
import { EXIT_BAD_INPUT, EXIT_FAILURE, UsageError, processIo, type Io } from './io';
import { INSPECT_HELP, inspect } from './inspect';

const COMMANDS: Record<string, (argv: string[], io: Io) => Promise<number>> = { inspect };

export const HELP = `compaction-playground: see where an agent transcript's context goes and where compaction would cut it.

Usage:
  compaction-playground inspect FILE [options]   tokens per message, threshold, verdict and cut

Run a command with --help for its options.

${INSPECT_HELP}`;

export async function main(argv: string[], io: Io = processIo): Promise<number> {
  const [command, ...rest] = argv;
  if (!command || command === '--help' || command === '-h' || command === 'help') {
    io.out(HELP);
    return command ? 0 : EXIT_BAD_INPUT;
  }
  const run = COMMANDS[command];
  try {
    if (!run)
      throw new UsageError(`unknown command '${command}' (commands: ${Object.keys(COMMANDS).join(', ')})`);
    return await run(rest, io);
  } catch (error) {
    if (error instanceof UsageError) {
      io.err(`compaction-playground: ${error.message}`);
      return EXIT_BAD_INPUT;
    }
    io.err(`compaction-playground: ${error instanceof Error ? error.message : String(error)}`);
    return EXIT_FAILURE;
  }
}
