/**
 * The scripted agent's answers as each protocol streams them: a short text
 * then one tool call (Anthropic `tool_use`, Chat `tool_calls`, Responses
 * `function_call`, Gemini `functionCall`), or a plain text / summary through
 * the protocol's ordinary text stream. The usage it reports is the request's
 * count by the rule in `counting.ts`, so an agent that reads usage sees the
 * same number the lab records.
 */
import { readConversation } from './agentConversation';
import { AGENT_SUMMARY, agentReply, type AgentReply, type ScriptedCall } from './agentScript';
import { mockCount } from './counting';
import { PROTOCOLS, type Family } from './protocols';
import { pieces } from './summary';

type Json = Record<string, unknown>;

const sse = (data: unknown, event?: string) =>
  `${event ? `event: ${event}\n` : ''}data: ${typeof data === 'string' ? data : JSON.stringify(data)}\n\n`;

const CREATED = 1767225600;

interface ToolPlan {
  model: string;
  text: string;
  call: ScriptedCall;
  inputTokens: number;
  outputTokens: number;
  includeUsage: boolean;
}

function anthropicTool(plan: ToolPlan): string[] {
  const event = (type: string, fields: Json = {}) => sse({ type, ...fields }, type);
  const usage = {
    input_tokens: plan.inputTokens,
    cache_creation_input_tokens: 0,
    cache_read_input_tokens: 0,
  };
  return [
    event('message_start', {
      message: {
        id: `msg_${plan.call.id}`,
        type: 'message',
        role: 'assistant',
        content: [],
        model: plan.model,
        stop_reason: null,
        stop_sequence: null,
        usage: { ...usage, output_tokens: 1 },
      },
    }),
    event('content_block_start', { index: 0, content_block: { type: 'text', text: '' } }),
    event('content_block_delta', { index: 0, delta: { type: 'text_delta', text: plan.text } }),
    event('content_block_stop', { index: 0 }),
    event('content_block_start', {
      index: 1,
      content_block: { type: 'tool_use', id: plan.call.id, name: plan.call.name, input: {} },
    }),
    event('content_block_delta', {
      index: 1,
      delta: { type: 'input_json_delta', partial_json: plan.call.arguments },
    }),
    event('content_block_stop', { index: 1 }),
    event('message_delta', {
      delta: { stop_reason: 'tool_use', stop_sequence: null },
      usage: { output_tokens: plan.outputTokens },
    }),
    event('message_stop'),
  ];
}

function chatTool(plan: ToolPlan): string[] {
  const base = {
    id: `chatcmpl-${plan.call.id}`,
    object: 'chat.completion.chunk',
    created: CREATED,
    model: plan.model,
  };
  const chunk = (delta: Json, finish: string | null = null) =>
    sse({ ...base, choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }] });
  const frames = [
    chunk({ role: 'assistant', content: '' }),
    chunk({ content: plan.text }),
    chunk({
      tool_calls: [
        { index: 0, id: plan.call.id, type: 'function', function: { name: plan.call.name, arguments: '' } },
      ],
    }),
    chunk({ tool_calls: [{ index: 0, function: { arguments: plan.call.arguments } }] }),
    chunk({}, 'tool_calls'),
  ];
  if (plan.includeUsage) {
    const usage = {
      prompt_tokens: plan.inputTokens,
      completion_tokens: plan.outputTokens,
      total_tokens: plan.inputTokens + plan.outputTokens,
    };
    frames.push(sse({ ...base, choices: [], usage }));
  }
  frames.push(sse('[DONE]'));
  return frames;
}

function responsesTool(plan: ToolPlan): string[] {
  let sequence = 0;
  const event = (type: string, fields: Json) => sse({ type, sequence_number: sequence++, ...fields }, type);
  const id = `resp_${plan.call.id}`;
  const message = {
    id: `msg_${plan.call.id}`,
    type: 'message',
    role: 'assistant',
    status: 'completed',
    content: [{ type: 'output_text', text: plan.text, annotations: [] }],
  };
  const call = {
    id: `fc_${plan.call.id}`,
    type: 'function_call',
    status: 'completed',
    call_id: plan.call.id,
    name: plan.call.name,
    arguments: plan.call.arguments,
  };
  const response = (status: string, output: Json[], usage: Json | null) => ({
    id,
    object: 'response',
    created_at: CREATED,
    status,
    model: plan.model,
    output,
    usage,
  });
  const at = { item_id: message.id, output_index: 0, content_index: 0 };
  return [
    event('response.created', { response: response('in_progress', [], null) }),
    event('response.output_item.added', {
      output_index: 0,
      item: { ...message, status: 'in_progress', content: [] },
    }),
    event('response.output_text.delta', { ...at, delta: plan.text, logprobs: [] }),
    event('response.output_text.done', { ...at, text: plan.text, logprobs: [] }),
    event('response.output_item.done', { output_index: 0, item: message }),
    event('response.output_item.added', {
      output_index: 1,
      item: { ...call, status: 'in_progress', arguments: '' },
    }),
    event('response.function_call_arguments.delta', {
      item_id: call.id,
      output_index: 1,
      delta: plan.call.arguments,
    }),
    event('response.function_call_arguments.done', {
      item_id: call.id,
      output_index: 1,
      arguments: plan.call.arguments,
    }),
    event('response.output_item.done', { output_index: 1, item: call }),
    event('response.completed', {
      response: response('completed', [message, call], {
        input_tokens: plan.inputTokens,
        input_tokens_details: { cached_tokens: 0 },
        output_tokens: plan.outputTokens,
        output_tokens_details: { reasoning_tokens: 0 },
        total_tokens: plan.inputTokens + plan.outputTokens,
      }),
    }),
  ];
}

function geminiTool(plan: ToolPlan): string[] {
  const args: unknown = JSON.parse(plan.call.arguments);
  return [
    sse({
      candidates: [
        {
          content: {
            role: 'model',
            parts: [{ text: plan.text }, { functionCall: { id: plan.call.id, name: plan.call.name, args } }],
          },
          finishReason: 'STOP',
          index: 0,
        },
      ],
      usageMetadata: {
        promptTokenCount: plan.inputTokens,
        candidatesTokenCount: plan.outputTokens,
        totalTokenCount: plan.inputTokens + plan.outputTokens,
      },
      modelVersion: plan.model,
      responseId: `resp_${plan.call.id}`,
    }),
  ];
}

const TOOL_FRAMES: Partial<Record<Family, (plan: ToolPlan) => string[]>> = {
  anthropic: anthropicTool,
  'openai-chat': chatTool,
  'openai-responses': responsesTool,
  gemini: geminiTool,
};

const ID_PREFIX: Readonly<Record<Family, string>> = {
  anthropic: 'toolu_',
  'openai-chat': 'call_',
  'openai-responses': 'call_',
  gemini: 'call_',
  ollama: 'call_',
};

/** The usage the scripted agent reports for `body`: the request by the counting rule, its reply's characters / 3. */
export function agentUsage(family: Family, body: Json): { inputTokens: number; outputTokens: number } {
  const reply = agentReply(readConversation(family, body), ID_PREFIX[family]);
  return { inputTokens: mockCount(body), outputTokens: replyTokens(reply) };
}

function replyText(reply: AgentReply): string {
  return reply.kind === 'summary' ? AGENT_SUMMARY : reply.text;
}

function replyTokens(reply: AgentReply): number {
  const args = reply.kind === 'tool' ? reply.call.arguments.length : 0;
  return Math.ceil((replyText(reply).length + args) / 3);
}

/** The frames the scripted agent streams for `body`, a request in `family`'s shape. */
export function agentFrames(family: Family, body: Json, model: string, includeUsage: boolean): string[] {
  const reply = agentReply(readConversation(family, body), ID_PREFIX[family]);
  const inputTokens = mockCount(body);
  const outputTokens = replyTokens(reply);
  const toolFrames = TOOL_FRAMES[family];
  if (reply.kind === 'tool' && toolFrames)
    return toolFrames({ model, text: reply.text, call: reply.call, inputTokens, outputTokens, includeUsage });
  return PROTOCOLS[family].frames({
    model,
    reasoning: [],
    text: pieces(replyText(reply)),
    stop: 'stop',
    inputTokens,
    outputTokens,
    includeUsage,
  });
}
