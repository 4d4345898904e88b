/**
 * Telling "the request did not fit the context window" apart from every
 * other failure, from the error text providers actually return.
 */
import { finishCategory } from './finishReason';

export interface OverflowPattern {
  provider: string;
  pattern: RegExp;
}

/**
 * Rate limiting sometimes talks about tokens too (Bedrock: "Too many tokens,
 * please wait"), so these are ruled out before any overflow pattern is tried.
 */
export const NOT_OVERFLOW: readonly RegExp[] = [
  /throttling/i,
  /service unavailable/i,
  /rate limit/i,
  /too many requests/i,
];

/**
 * One row per provider message; the UI names the provider a text matched.
 * The first matching row wins, so a row whose words also appear in another
 * provider's message comes after that provider's row: OpenAI and DeepSeek end
 * their "maximum context length is N tokens" message with Groq's "reduce the
 * length of the messages", and vLLM starts its own with OpenAI's sentence.
 */
export const OVERFLOW_PATTERNS: readonly OverflowPattern[] = [
  { provider: 'Anthropic', pattern: /prompt is too long/i },
  { provider: 'Anthropic (HTTP 413)', pattern: /request_too_large/i },
  { provider: 'Amazon Bedrock', pattern: /input is too long for requested model/i },
  { provider: 'OpenAI', pattern: /exceeds the context window/i },
  { provider: 'OpenAI-compatible / LiteLLM', pattern: /exceeds (the )?(model'?s )?maximum context length/i },
  { provider: 'Google Gemini', pattern: /input token count.*exceeds the maximum/i },
  { provider: 'xAI Grok', pattern: /maximum prompt length is \d+/i },
  { provider: 'vLLM', pattern: /requested \d+ output tokens/i },
  { provider: 'vLLM', pattern: /prompt contains.*\d+ input tokens/i },
  { provider: 'vLLM', pattern: /for a total of.*\d+ tokens/i },
  { provider: 'OpenAI / DeepSeek / OpenRouter', pattern: /maximum context length is \d+ tokens/i },
  { provider: 'Groq', pattern: /reduce the length of the messages/i },
  { provider: 'OpenRouter / Poolside', pattern: /exceeds (the )?maximum allowed input length/i },
  { provider: 'Together AI', pattern: /is longer than the model'?s context length/i },
  { provider: 'GitHub Copilot', pattern: /exceeds the limit of \d+/i },
  { provider: 'llama.cpp', pattern: /exceeds the available context size/i },
  { provider: 'LM Studio', pattern: /greater than the context length/i },
  { provider: 'MiniMax', pattern: /context window exceeds limit/i },
  { provider: 'Kimi', pattern: /exceeded model token limit/i },
  { provider: 'Mistral', pattern: /too large for model with \d+ maximum context length/i },
  { provider: 'DS4', pattern: /but the configured context size is/i },
  { provider: 'z.ai', pattern: /model_context_window_exceeded/i },
  { provider: 'Ollama', pattern: /prompt too long; exceeded (max )?context length/i },
  { provider: 'DashScope / Qwen', pattern: /range of input length should be/i },
  { provider: 'vLLM', pattern: /this model.?s maximum context length is \d+/i },
  { provider: 'Cerebras', pattern: /^4(00|13)\s*(status code)?\s*\(no body\)/i },
  { provider: 'generic', pattern: /context[_ ]length[_ ]exceeded/i },
  { provider: 'generic', pattern: /too many tokens/i },
  { provider: 'generic', pattern: /token limit exceeded/i },
];

export interface OverflowMatch {
  provider: string;
  /** The pattern's source, or `HTTP 413`. */
  pattern: string;
}

/** How deep `cause` and `error` chains are followed: far enough for any real wrapper, never forever. */
const MAX_NESTING = 8;

/**
 * The error and everything it wraps (`cause`, a nested `error`), outermost
 * first: a fetch wrapper or a summarizer error often carries the provider's
 * answer one or two levels down. A cycle is followed only once.
 */
function layersOf(error: unknown): unknown[] {
  const layers: unknown[] = [];
  const visit = (value: unknown, depth: number) => {
    if (value === null || value === undefined || depth > MAX_NESTING || layers.includes(value)) return;
    layers.push(value);
    if (typeof value !== 'object') return;
    const record = value as Record<string, unknown>;
    visit(record.error, depth + 1);
    visit(record.cause, depth + 1);
  };
  visit(error, 0);
  return layers;
}

function statusOf(layer: unknown): number | undefined {
  if (layer && typeof layer === 'object' && 'status' in layer) {
    const status = (layer as { status: unknown }).status;
    if (typeof status === 'number') return status;
  }
  return undefined;
}

/** The texts one layer carries: its message, a provider message, a body. */
function textsOf(layer: unknown): string[] {
  if (typeof layer === 'string') return [layer];
  if (typeof layer !== 'object' || layer === null) return [String(layer)];
  const record = layer as Record<string, unknown>;
  return ['message', 'providerMessage', 'errorMessage', 'body']
    .map((key) => record[key])
    .filter((text): text is string => typeof text === 'string');
}

/** Which provider's overflow message (or HTTP 413) an error matches, if any. */
export function matchOverflow(error: unknown): OverflowMatch | null {
  const layers = layersOf(error);
  const text = layers.flatMap(textsOf).join('\n');
  if (NOT_OVERFLOW.some((re) => re.test(text))) return null;
  for (const row of OVERFLOW_PATTERNS) {
    if (row.pattern.test(text)) return { provider: row.provider, pattern: row.pattern.source };
  }
  if (layers.some((layer) => statusOf(layer) === 413)) return { provider: 'HTTP', pattern: 'HTTP 413' };
  return null;
}

/** Whether a failed call failed because the request did not fit in the context window. */
export function isOverflowError(error: unknown): boolean {
  return matchOverflow(error) !== null;
}

/** What the Responses API's stream reports when `incomplete_details` names no reason. */
const INCOMPLETE_WITHOUT_REASON = 'incomplete';

/** What a successful response says about itself. */
export interface ResponseShape {
  finishReason?: string;
  usage?: { promptTokens: number; completionTokens: number };
}

/**
 * Whether a successful response was shaped by a full context window rather
 * than by the completion budget we asked for. `completionBudget` must be the
 * budget requested before any clamping to the window: the clamped value hides
 * exactly the case this detects.
 */
export function responseHitContextLimit(
  response: ResponseShape | null | undefined,
  contextWindow: number,
  completionBudget: number,
): boolean {
  if (!response) return false;
  const prompt = response.usage?.promptTokens ?? 0;
  const completion = response.usage?.completionTokens ?? 0;
  const reason = (response.finishReason ?? '').trim().toLowerCase();
  // A Responses API reply that is merely "incomplete", without the reason, may
  // as well have been stopped by a content filter: none of the three shapes.
  const lengthStop = reason !== INCOMPLETE_WITHOUT_REASON && finishCategory(reason) === 'length';
  // The provider accepted an oversized prompt silently.
  if (contextWindow > 0 && prompt > contextWindow) return true;
  // The input was truncated to fill the window and nothing could be generated.
  if (
    contextWindow > 0 &&
    lengthStop &&
    completion === 0 &&
    prompt > 0 &&
    prompt >= Math.trunc((contextWindow * 99) / 100)
  ) {
    return true;
  }
  // Stopped on length below our own cap, so our cap was not what stopped it.
  return lengthStop && completionBudget > 0 && completion > 0 && completion < completionBudget;
}
