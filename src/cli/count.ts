/** `count FILE --provider P`: the provider's own count of a transcript beside ours, and the scale between them. */
import {
  type Calibration,
  DEFAULT_STALL_TIMEOUT_MS,
  StallError,
  SummarizerError,
  type TokenizerId,
  TOKENIZERS,
} from '../core';
import { countExactly, COUNTING_KINDS, type ProviderKind } from '../providers';
import { reportProviderError } from './compact';
import { EXIT_FAILURE, EXIT_OK, UsageError, jsonDocument, type Io } from './io';
import { estimatorFor } from './estimator';
import { formatFrom, oneOf, parse, stallTimeoutFrom } from './options';
import { readTranscript } from './readTranscript';
import { KEY_HELP, PROVIDER_OPTIONS, providerFrom, refuseKeyOptions } from './summarizerOption';

export const COUNT_HELP = `Usage: compaction-playground count FILE --provider P [options]

Asks the provider how many input tokens the transcript is, with its own
tokenizer (Anthropic's /v1/messages/count_tokens, Gemini's countTokens,
OpenAI's /v1/responses/input_tokens), and prints it beside our estimate and
the scale that turns the one into the other: pass it to --scale (the page's
"count exactly" sets it for the model). The estimate is at scale 1. Reasoning
and images are not sent.

Options:
  --provider P        anthropic | gemini | openai | openai-responses (required)
  --model M           the model (default: the provider's usual small model)
  --base-url URL      the API's address (default: the provider's own)
  --tokenizer T       our estimate's tokenizer: o200k_base | cl100k_base | chars4 (default o200k_base)
  --format F          force the input format instead of detecting it
  --stall-timeout MS  give up on a server silent this long (default 120000)
  --json              print {providerTokens, estimatedTokens, scale}

${KEY_HELP.split('\n').slice(0, 4).join('\n')}`;

const COUNT_OPTIONS = {
  ...PROVIDER_OPTIONS,
  tokenizer: { type: 'string' },
  format: { type: 'string' },
  'stall-timeout': { type: 'string' },
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

const n = (value: number) => value.toLocaleString('en-US');

export function renderCount(c: Calibration, provider: string, model: string, tokenizer: TokenizerId): string {
  return [
    `provider    ${n(c.providerTokens)} tokens (${provider}, ${model})`,
    `estimate    ${n(c.estimatedTokens)} tokens (${tokenizer}, scale 1)`,
    `scale       ${c.scale} (--scale ${c.scale})`,
  ].join('\n');
}

export async function count(argv: string[], io: Io): Promise<number> {
  refuseKeyOptions(argv);
  const { values, positionals } = parse(argv, COUNT_OPTIONS);
  if (values.help) {
    io.out(COUNT_HELP);
    return EXIT_OK;
  }
  if (values.provider === undefined) {
    throw new UsageError(`--provider is required: one of ${COUNTING_KINDS.join(', ')}`);
  }
  if (!COUNTING_KINDS.includes(values.provider as ProviderKind)) {
    throw new UsageError(
      `--provider ${String(values.provider)} has no token-counting endpoint: use one of ${COUNTING_KINDS.join(', ')}`,
    );
  }
  const kind = values.provider as ProviderKind;
  if (positionals.length !== 1) throw new UsageError('count needs exactly one FILE (see --help)');
  const tokenizer = oneOf<TokenizerId>(values, 'tokenizer', TOKENIZERS) ?? 'o200k_base';
  const model = typeof values.model === 'string' ? values.model.trim() : undefined;
  const baseUrl = typeof values['base-url'] === 'string' ? values['base-url'].trim() : undefined;
  const timeoutMs = stallTimeoutFrom(values) ?? DEFAULT_STALL_TIMEOUT_MS;
  const { config, provider } = providerFrom(kind, model, baseUrl);
  const imported = await readTranscript(positionals[0], formatFrom(values));
  const estimator = await estimatorFor({ tokenizer });

  let result: Calibration;
  try {
    result = await countExactly(config, imported.messages, estimator, { timeoutMs });
  } catch (error) {
    if (!(error instanceof SummarizerError || error instanceof StallError)) throw error;
    reportProviderError(error, { config, provider }, io);
    return EXIT_FAILURE;
  }
  io.out(values.json ? jsonDocument(result) : renderCount(result, kind, config.model, tokenizer));
  return EXIT_OK;
}
