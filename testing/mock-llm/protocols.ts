/**
 * The five wire protocols as the real services speak them: the frames of a
 * successful stream, the error bodies and the headers a browser may send
 * (where the prompt sits in a request body is `request.ts`). Shapes follow
 * each provider's API reference; ids and numbers are made up.
 */

export type Family = 'openai-chat' | 'openai-responses' | 'anthropic' | 'gemini' | 'ollama';

export type ErrorCase = 'unauthorized' | 'rate-limited' | 'quota' | 'overflow';

/** What one successful stream says, independent of the protocol. */
export interface StreamPlan {
  model: string;
  reasoning: string[];
  text: string[];
  stop: 'stop' | 'length';
  inputTokens: number;
  outputTokens: number;
  /** Chat Completions sends its usage chunk only when the request asked for it. */
  includeUsage: boolean;
}

export interface ErrorReply {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

export interface Protocol {
  contentType: string;
  /** What the service's CORS preflight allows, lower case. */
  allowHeaders: readonly string[];
  frames(plan: StreamPlan): string[];
  error(kind: ErrorCase): ErrorReply;
}

export type Json = Record<string, unknown>;

const sse = (data: unknown, event?: string) =>
  `${event ? `event: ${event}\n` : ''}data: ${typeof data === 'string' ? data : JSON.stringify(data)}\n\n`;

const CREATED = 1767225600; // a fixed timestamp keeps recorded streams stable

const OPENAI_ERRORS: Readonly<Record<ErrorCase, ErrorReply>> = {
  unauthorized: {
    status: 401,
    body: {
      error: {
        message:
          'Incorrect API key provided: sk-mock*****************wxyz. You can find your API key at https://platform.openai.com/account/api-keys.',
        type: 'invalid_request_error',
        param: null,
        code: 'invalid_api_key',
      },
    },
  },
  'rate-limited': {
    status: 429,
    headers: { 'retry-after': '20' },
    body: {
      error: {
        message:
          'Rate limit reached for gpt-4o-mini in organization org-mock on requests per min (RPM): Limit 3, Used 3, Requested 1. Please try again in 20s.',
        type: 'requests',
        param: null,
        code: 'rate_limit_exceeded',
      },
    },
  },
  quota: {
    status: 429,
    body: {
      error: {
        message:
          'You exceeded your current quota, please check your plan and billing details. For more information on this error, read the docs: https://platform.openai.com/docs/guides/error-codes/api-errors.',
        type: 'insufficient_quota',
        param: null,
        code: 'insufficient_quota',
      },
    },
  },
  overflow: {
    status: 400,
    body: {
      error: {
        message:
          "This model's maximum context length is 128000 tokens. However, your messages resulted in 213462 tokens. Please reduce the length of the messages.",
        type: 'invalid_request_error',
        param: 'messages',
        code: 'context_length_exceeded',
      },
    },
  },
};

const openAiChat: Protocol = {
  contentType: 'text/event-stream; charset=utf-8',
  allowHeaders: ['authorization', 'content-type', 'openai-organization', 'openai-project'],
  frames(plan) {
    const base = {
      id: 'chatcmpl-mock',
      object: 'chat.completion.chunk',
      created: CREATED,
      model: plan.model,
    };
    const usage = plan.includeUsage ? { usage: null } : {};
    const chunk = (delta: Json, finish: string | null = null) =>
      sse({ ...base, choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }], ...usage });
    const frames = [chunk({ role: 'assistant', content: '' })];
    // Servers that stream reasoning (DeepSeek, vLLM) put it in `reasoning_content`.
    for (const piece of plan.reasoning) frames.push(chunk({ reasoning_content: piece }));
    for (const piece of plan.text) frames.push(chunk({ content: piece }));
    frames.push(chunk({}, plan.stop));
    if (plan.includeUsage) {
      frames.push(
        sse({
          ...base,
          choices: [],
          usage: {
            prompt_tokens: plan.inputTokens,
            completion_tokens: plan.outputTokens,
            total_tokens: plan.inputTokens + plan.outputTokens,
            prompt_tokens_details: { cached_tokens: 0 },
            completion_tokens_details: { reasoning_tokens: 0 },
          },
        }),
      );
    }
    frames.push(sse('[DONE]'));
    return frames;
  },
  error: (kind) => OPENAI_ERRORS[kind],
};

const openAiResponses: Protocol = {
  contentType: 'text/event-stream; charset=utf-8',
  allowHeaders: openAiChat.allowHeaders,
  frames(plan) {
    let sequence = 0;
    const event = (type: string, fields: Json) => sse({ type, sequence_number: sequence++, ...fields }, type);
    const response = (status: string, extra: Json = {}) => ({
      id: 'resp_mock',
      object: 'response',
      created_at: CREATED,
      status,
      model: plan.model,
      output: [],
      usage: null,
      ...extra,
    });
    const fullText = plan.text.join('');
    const message = { id: 'msg_mock', type: 'message', role: 'assistant' };
    const frames = [
      event('response.created', { response: response('in_progress') }),
      event('response.in_progress', { response: response('in_progress') }),
    ];
    if (plan.reasoning.length) {
      const item = { id: 'rs_mock', type: 'reasoning', summary: [] };
      frames.push(event('response.output_item.added', { output_index: 0, item }));
      for (const delta of plan.reasoning) {
        frames.push(
          event('response.reasoning_summary_text.delta', {
            item_id: 'rs_mock',
            output_index: 0,
            summary_index: 0,
            delta,
          }),
        );
      }
      frames.push(event('response.output_item.done', { output_index: 0, item }));
    }
    const index = plan.reasoning.length ? 1 : 0;
    const at = { item_id: 'msg_mock', output_index: index, content_index: 0 };
    frames.push(
      event('response.output_item.added', {
        output_index: index,
        item: { ...message, status: 'in_progress', content: [] },
      }),
      event('response.content_part.added', {
        ...at,
        part: { type: 'output_text', text: '', annotations: [] },
      }),
    );
    for (const delta of plan.text)
      frames.push(event('response.output_text.delta', { ...at, delta, logprobs: [] }));
    const part = { type: 'output_text', text: fullText, annotations: [] };
    frames.push(
      event('response.output_text.done', { ...at, text: fullText, logprobs: [] }),
      event('response.content_part.done', { ...at, part }),
      event('response.output_item.done', {
        output_index: index,
        item: { ...message, status: plan.stop === 'stop' ? 'completed' : 'incomplete', content: [part] },
      }),
    );
    const usage = {
      input_tokens: plan.inputTokens,
      input_tokens_details: { cached_tokens: 0 },
      output_tokens: plan.outputTokens,
      output_tokens_details: { reasoning_tokens: 0 },
      total_tokens: plan.inputTokens + plan.outputTokens,
    };
    frames.push(
      plan.stop === 'stop'
        ? event('response.completed', { response: response('completed', { usage }) })
        : event('response.incomplete', {
            response: response('incomplete', { usage, incomplete_details: { reason: 'max_output_tokens' } }),
          }),
    );
    return frames;
  },
  error(kind) {
    if (kind !== 'overflow') return OPENAI_ERRORS[kind];
    return {
      status: 400,
      body: {
        error: {
          message:
            'Your input exceeds the context window of this model. Please adjust your input and try again.',
          type: 'invalid_request_error',
          param: 'input',
          code: 'context_length_exceeded',
        },
      },
    };
  },
};

const anthropicError = (status: number, type: string, message: string, headers?: Record<string, string>) => ({
  status,
  headers,
  body: { type: 'error', error: { type, message }, request_id: 'req_mock' },
});

const anthropic: Protocol = {
  contentType: 'text/event-stream; charset=utf-8',
  allowHeaders: [
    'x-api-key',
    'anthropic-version',
    'anthropic-beta',
    'anthropic-dangerous-direct-browser-access',
    'content-type',
  ],
  frames(plan) {
    const event = (type: string, fields: Json = {}) => sse({ type, ...fields }, type);
    const frames = [
      event('message_start', {
        message: {
          id: 'msg_mock',
          type: 'message',
          role: 'assistant',
          content: [],
          model: plan.model,
          stop_reason: null,
          stop_sequence: null,
          usage: {
            input_tokens: plan.inputTokens,
            cache_creation_input_tokens: 0,
            cache_read_input_tokens: 0,
            output_tokens: 1,
          },
        },
      }),
    ];
    let index = 0;
    if (plan.reasoning.length) {
      frames.push(event('content_block_start', { index, content_block: { type: 'thinking', thinking: '' } }));
      for (const thinking of plan.reasoning) {
        frames.push(event('content_block_delta', { index, delta: { type: 'thinking_delta', thinking } }));
      }
      frames.push(
        event('content_block_delta', { index, delta: { type: 'signature_delta', signature: 'bW9jaw==' } }),
        event('content_block_stop', { index }),
      );
      index++;
    }
    if (plan.text.length) {
      frames.push(
        event('content_block_start', { index, content_block: { type: 'text', text: '' } }),
        event('ping'),
      );
      for (const text of plan.text)
        frames.push(event('content_block_delta', { index, delta: { type: 'text_delta', text } }));
      frames.push(event('content_block_stop', { index }));
    }
    frames.push(
      event('message_delta', {
        delta: { stop_reason: plan.stop === 'stop' ? 'end_turn' : 'max_tokens', stop_sequence: null },
        usage: { output_tokens: plan.outputTokens },
      }),
      event('message_stop'),
    );
    return frames;
  },
  error(kind) {
    switch (kind) {
      case 'unauthorized':
        return anthropicError(401, 'authentication_error', 'invalid x-api-key');
      case 'rate-limited':
        return anthropicError(
          429,
          'rate_limit_error',
          'This request would exceed the rate limit for your organization of 50,000 input tokens per minute. Please reduce the prompt length or the maximum tokens requested, or try again later.',
          { 'retry-after': '20' },
        );
      case 'quota':
        return anthropicError(
          400,
          'invalid_request_error',
          'Your credit balance is too low to access the Anthropic API. Please go to Plans & Billing to upgrade or purchase credits.',
        );
      case 'overflow':
        return anthropicError(
          400,
          'invalid_request_error',
          'prompt is too long: 213462 tokens > 200000 maximum',
        );
    }
  },
};

const googleError = (status: number, code: string, message: string, details?: unknown[]) => ({
  status,
  body: { error: { code: status, message, status: code, ...(details ? { details } : {}) } },
});

const gemini: Protocol = {
  contentType: 'text/event-stream',
  allowHeaders: ['x-goog-api-key', 'x-goog-api-client', 'content-type'],
  frames(plan) {
    const chunk = (parts: Json[], last: boolean) =>
      sse({
        candidates: [
          {
            content: { parts, role: 'model' },
            ...(last ? { finishReason: plan.stop === 'stop' ? 'STOP' : 'MAX_TOKENS' } : {}),
            index: 0,
          },
        ],
        usageMetadata: last
          ? {
              promptTokenCount: plan.inputTokens,
              candidatesTokenCount: plan.outputTokens,
              totalTokenCount: plan.inputTokens + plan.outputTokens,
            }
          : { promptTokenCount: plan.inputTokens, totalTokenCount: plan.inputTokens },
        modelVersion: plan.model,
        responseId: 'mock-response-id',
      });
    const frames = plan.reasoning.map((text) => chunk([{ text, thought: true }], false));
    plan.text.forEach((text, i) => frames.push(chunk([{ text }], i === plan.text.length - 1)));
    if (!plan.text.length) frames.push(chunk([{ text: '' }], true));
    return frames;
  },
  error(kind) {
    switch (kind) {
      case 'unauthorized':
        // Gemini answers a wrong key with 400, not 401.
        return googleError(400, 'INVALID_ARGUMENT', 'API key not valid. Please pass a valid API key.', [
          {
            '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
            reason: 'API_KEY_INVALID',
            domain: 'googleapis.com',
            metadata: { service: 'generativelanguage.googleapis.com' },
          },
        ]);
      case 'rate-limited':
        return googleError(429, 'RESOURCE_EXHAUSTED', 'Resource has been exhausted (e.g. check quota).');
      case 'quota':
        return googleError(
          429,
          'RESOURCE_EXHAUSTED',
          'You exceeded your current quota, please check your plan and billing details. For more information on this error, head to: https://ai.google.dev/gemini-api/docs/rate-limits.',
        );
      case 'overflow':
        return googleError(
          400,
          'INVALID_ARGUMENT',
          'The input token count (1213462) exceeds the maximum number of tokens allowed (1048576).',
        );
    }
  },
};

const ollama: Protocol = {
  contentType: 'application/x-ndjson',
  allowHeaders: ['authorization', 'content-type', 'user-agent', 'accept', 'x-requested-with'],
  frames(plan) {
    const line = (fields: Json) =>
      `${JSON.stringify({ model: plan.model, created_at: '2026-01-01T00:00:00Z', ...fields })}\n`;
    const frames = plan.reasoning.map((thinking) =>
      line({ message: { role: 'assistant', content: '', thinking }, done: false }),
    );
    for (const content of plan.text)
      frames.push(line({ message: { role: 'assistant', content }, done: false }));
    frames.push(
      line({
        message: { role: 'assistant', content: '' },
        done_reason: plan.stop,
        done: true,
        total_duration: 1000000,
        load_duration: 100000,
        prompt_eval_count: plan.inputTokens,
        prompt_eval_duration: 400000,
        eval_count: plan.outputTokens,
        eval_duration: 500000,
      }),
    );
    return frames;
  },
  error(kind) {
    switch (kind) {
      case 'unauthorized':
        return { status: 401, body: { error: 'unauthorized' } };
      case 'rate-limited':
        return { status: 429, body: { error: 'too many requests, please slow down' } };
      case 'quota':
        return { status: 429, body: { error: 'quota exceeded: you have reached your usage limit' } };
      case 'overflow':
        return {
          status: 400,
          body: { error: 'prompt too long; exceeded max context length by 13462 tokens' },
        };
    }
  },
};

export const PROTOCOLS: Readonly<Record<Family, Protocol>> = {
  'openai-chat': openAiChat,
  'openai-responses': openAiResponses,
  anthropic,
  gemini,
  ollama,
};
