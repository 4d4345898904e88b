/**
 * The formats read from evaluation and tracing tools, loaded through the file
 * picker: the page names the format the command line detects and shows the
 * same message count and tokens as `inspect --json` on the same file.
 */
import { execFileSync } from 'node:child_process';
import { expect, openFresh, test } from './fixtures';

interface CliInspect {
  format: string;
  messages: unknown[];
  totalTokens: number;
}

function inspect(file: string): CliInspect {
  return JSON.parse(
    execFileSync(process.execPath, ['bin/compaction-playground.mjs', 'inspect', file, '--json'], {
      encoding: 'utf8',
    }),
  ) as CliInspect;
}

const CASES = [
  { file: 'otel-genai.json', format: 'otel', messages: 5 },
  { file: 'otel-openllmetry.jsonl', format: 'otel', messages: 5 },
  { file: 'inspect-ai.json', format: 'inspect-ai', messages: 7 },
  { file: 'swe-agent.traj', format: 'swe-agent', messages: 9 },
];

for (const { file, format, messages } of CASES) {
  test(`${file} from the file picker is read as ${format}, with the command line's count and tokens`, async ({
    page,
  }) => {
    const path = `src/formats/fixtures/${file}`;
    const cli = inspect(path);
    expect(cli.format).toBe(format);
    expect(cli.messages).toHaveLength(messages);
    await openFresh(page);
    await page.getByTestId('file-input').setInputFiles(path);
    await expect(page.getByTestId('format')).toHaveText(format);
    await expect(page.getByTestId('message-count')).toHaveText(String(messages));
    await expect(page.getByTestId('total-tokens')).toHaveText(cli.totalTokens.toLocaleString('en-US'));
  });
}
