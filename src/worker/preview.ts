import {
  createCompactor,
  type Estimator,
  isSummaryMessage,
  judgeCompaction,
  type Message,
  responseHitContextLimit,
  strategyTrigger,
  type Summarizer,
  type SummaryChunk,
  type SummaryPart,
  type TokenizerId,
  triggers,
  type Usage,
} from '../core';
import {
  createOfflineSummarizer,
  createProviderSummarizer,
  describeProviderError,
  type ProviderErrorDescription,
} from '../providers';
import { firstLine } from './firstLine';
import type { PreviewEvent, PreviewResult, WorkerRequest } from './protocol';

/** What the last attempt of one summarization call answered. */
interface PartResponse {
  maxTokens: number;
  finishReason?: string;
  usage?: Usage;
}

function recordResponse(response: PartResponse | undefined, chunk: SummaryChunk): void {
  if (!response) return;
  if (chunk.type === 'finish') response.finishReason = chunk.reason;
  if (chunk.type === 'usage') response.usage = chunk.usage;
}

/**
 * Runs the core's compactor over the loaded transcript with the chosen
 * summarizer, streaming what happens, and returns the compacted list as rows.
 */
export async function runPreview(
  messages: readonly Message[],
  request: Extract<WorkerRequest, { type: 'compact' }>,
  estimatorFor: (tokenizer: TokenizerId, scale: number) => Promise<Estimator>,
  emit: (event: PreviewEvent) => void,
  signal: AbortSignal,
): Promise<{ result: PreviewResult; compacted: Message[] }> {
  // The page sends the settings its analysis normalized; they are not normalized twice. The
  // unseen part in force (measured or typed) is the compactor's too: a preset's cut may depend on it.
  const settings =
    request.unseenTokens === undefined
      ? request.settings
      : { ...request.settings, unseenTokens: request.unseenTokens };
  const estimator = await estimatorFor(settings.tokenizer, settings.scale);
  const { summarizer: choice } = request;
  const inner =
    choice.mode === 'offline'
      ? createOfflineSummarizer()
      : createProviderSummarizer(choice.config, {
          onRequest: (req, part) => emit({ type: 'provider-request', part, request: req }),
          onEvent: (event, part) => emit({ type: 'provider-event', part, event }),
        });
  // Failed calls are described as they happen, so a degraded result can say why in plain words.
  const problems: ProviderErrorDescription[] = [];
  const config = choice.mode === 'provider' ? choice.config : undefined;
  const summarizer: Summarizer = {
    label: inner.label,
    async *stream(req) {
      try {
        yield* inner.stream(req);
      } catch (error) {
        if (!req.signal.aborted) {
          const description = describeProviderError(error, { config });
          if (!problems.some((p) => p.title === description.title)) problems.push(description);
        }
        throw error;
      }
    },
  };
  const compactor = createCompactor(summarizer, estimator, settings);
  if (!compactor) throw new Error('Compaction needs a context window: set one above 0.');
  let estimatedPromptTokens = 0;
  const responses = new Map<SummaryPart, PartResponse>();
  const result = await compactor.compact(messages, {
    reason: request.reason,
    instructions: request.instructions,
    prompts: request.prompts,
    signal,
    onEvent: (event) => {
      if (event.type === 'request') {
        estimatedPromptTokens += estimator.countString(event.system) + estimator.countString(event.prompt);
        responses.set(event.part, { maxTokens: event.maxTokens });
      }
      if (event.type === 'chunk') recordResponse(responses.get(event.part), event.chunk);
      emit(event);
    },
  });
  const clearedAt = new Map(result.cleared.map((c) => [c.index, c]));
  const trigger = strategyTrigger(settings);
  // The request holds more than the list: the part the file does not show stays through the compaction.
  const unseen = request.unseenTokens ?? 0;
  const tokensBefore = result.tokensBefore + unseen;
  const tokensAfter = result.tokensAfter + unseen;
  const preview: PreviewResult = {
    summarizer: summarizer.label,
    offline: choice.mode === 'offline',
    summary: result.summary,
    reason: result.reason,
    forced: request.forced === true,
    degraded: result.degraded,
    splitTurn: result.splitTurn,
    omitted: result.omitted,
    failures: result.failures,
    problems: result.degraded ? problems : [],
    checkpoint: result.checkpoint,
    tokensBefore,
    tokensAfter,
    messagesBefore: result.messagesBefore,
    messagesAfter: result.messagesAfter,
    // Masking applies at every call, but to a masked list it changes nothing: that is not "again".
    wouldCompactAgain: trigger.comparison !== 'always' && triggers(trigger, tokensAfter),
    cleared: result.cleared,
    contextLimit: [...responses]
      .filter(([, r]) => responseHitContextLimit(r, settings.maxContextTokens, r.maxTokens))
      .map(([part, r]) => ({ part, promptTokens: r.usage?.promptTokens, finishReason: r.finishReason })),
    estimatedPromptTokens,
    usage: result.usage,
    model: result.model,
    responseId: result.responseId,
    rows: result.messages.map((m, i) => {
      const from = result.origins[i];
      const clearing = from === null ? undefined : clearedAt.get(from);
      return {
        role: m.role,
        tokens: estimator.countMessage(m),
        preview: firstLine(m),
        isSummary: isSummaryMessage(m),
        from,
        ...(clearing ? { cleared: { tokensBefore: clearing.tokensBefore } } : {}),
      };
    }),
    eval: judgeCompaction(messages, { ...result, tokensBefore, tokensAfter }),
  };
  return { result: preview, compacted: result.messages };
}
