/**
 * The checks every import ends with: each tool result must answer a call made
 * earlier, each call should get a result, and ids must be unique. Broken
 * pairing is what most often makes a provider reject a compacted context, so
 * the report names every case; the messages themselves are kept as they are.
 */
import type { Message } from '../core/message';
import type { IssueLog, Where } from './issues';

function whereOf(message: Message): Where {
  return { line: message.source?.line, path: message.source?.path };
}

/**
 * Makes ids unique, fills in `toolName` on results from the call they answer,
 * and reports orphan results, unanswered calls and duplicated ids. Linear in
 * the number of messages and calls.
 */
export function validateMessages(messages: Message[], log: IssueLog): Message[] {
  const ids = new Set<string>();
  const calls = new Map<string, { name: string; answered: boolean; message: Message }>();
  for (const message of messages) {
    if (ids.has(message.id)) {
      log.tally(
        'duplicate-id',
        '',
        'Several messages share an id; later ones were renamed with a numeric suffix',
        whereOf(message),
        message.id,
      );
      let k = 2;
      while (ids.has(`${message.id}~${k}`)) k++;
      message.id = `${message.id}~${k}`;
    }
    ids.add(message.id);

    for (const call of message.toolCalls ?? []) {
      if (calls.has(call.id)) {
        log.tally('duplicate-tool-call-id', '', 'Several tool calls share an id', whereOf(message), call.id);
      }
      calls.set(call.id, { name: call.name, answered: false, message });
    }

    if (message.role === 'tool') {
      const call = message.toolCallId === undefined ? undefined : calls.get(message.toolCallId);
      if (!call) {
        log.tally(
          'orphan-tool-result',
          '',
          'Tool results that answer no earlier tool call',
          whereOf(message),
          message.toolCallId ?? '(no call id)',
        );
      } else {
        if (call.answered) {
          log.tally(
            'duplicate-tool-result',
            '',
            'Tool calls answered more than once',
            whereOf(message),
            message.toolCallId,
          );
        }
        call.answered = true;
        if (!message.toolName) message.toolName = call.name;
      }
    }
  }
  for (const [id, call] of calls) {
    if (!call.answered) {
      log.tally(
        'unanswered-tool-call',
        '',
        'Tool calls with no result',
        whereOf(call.message),
        `${call.name} (${id})`,
      );
    }
  }
  return messages;
}
