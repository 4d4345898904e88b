/**
 * Each importer names the version of the agent that wrote the file, from
 * where that agent's files store it, so that the lab's measure of what the
 * version sends (`core/harness/measured.ts`) reaches the file. Gemini CLI
 * and pi write no version of their own: theirs stays unknown.
 */
import { describe, expect, it } from 'vitest';
import { importTranscript } from './registry';

const lines = (...records: object[]) => records.map((r) => JSON.stringify(r)).join('\n');

function openCodeExport(info: object): string {
  return JSON.stringify({
    info: { id: 'ses_1', title: 'Fix add', ...info },
    messages: [
      {
        info: { id: 'msg_1', sessionID: 'ses_1', role: 'user', time: { created: 1 } },
        parts: [{ id: 'prt_1', type: 'text', text: 'Fix add' }],
      },
      {
        info: {
          id: 'msg_2',
          sessionID: 'ses_1',
          role: 'assistant',
          parentID: 'msg_1',
          modelID: 'mock',
          tokens: { input: 900, output: 20, reasoning: 0, cache: { read: 0, write: 0 } },
          time: { created: 2 },
        },
        parts: [{ id: 'prt_2', type: 'text', text: 'Fixed.' }],
      },
    ],
  });
}

describe("the agent's version, from where its files store it", () => {
  it("OpenCode: the session's `version`, beside the usage of the newest reply", () => {
    const usage = importTranscript(openCodeExport({ version: '1.18.33' })).usage;
    expect(usage).toMatchObject({ agentVersion: '1.18.33', contextTokens: 900, model: 'mock' });
  });

  it("Kilo's CLI writes OpenCode's export with its own version", () => {
    const imported = importTranscript(openCodeExport({ version: '7.7.7' }));
    expect([imported.format, imported.usage?.agentVersion]).toEqual(['opencode', '7.7.7']);
  });

  it('OpenCode: a session without a `version` names none', () => {
    expect(importTranscript(openCodeExport({})).usage?.agentVersion).toBeUndefined();
  });

  it("Qwen Code: the newest line's `version`, as a resumed session's lines name the newer one", () => {
    const text = lines(
      {
        uuid: 'q1',
        parentUuid: null,
        sessionId: 'qs',
        type: 'user',
        version: '0.24.3',
        message: { role: 'user', parts: [{ text: 'Why is add wrong?' }] },
      },
      {
        uuid: 'q2',
        parentUuid: 'q1',
        sessionId: 'qs',
        type: 'assistant',
        version: '0.24.4',
        model: 'mock',
        message: { role: 'model', parts: [{ text: 'It subtracts.' }] },
      },
    );
    expect(importTranscript(text).usage).toEqual({ model: 'mock', agentVersion: '0.24.4' });
  });

  it("Copilot CLI: `session.start`'s `copilotVersion`", () => {
    const text = lines(
      {
        type: 'session.start',
        data: { sessionId: 's', version: 1, producer: 'copilot-agent', copilotVersion: '1.0.102' },
        id: 'e1',
        timestamp: '2026-12-07T00:00:00.000Z',
        parentId: null,
      },
      {
        type: 'user.message',
        data: { content: 'Fix add', transformedContent: 'Fix add' },
        id: 'e2',
        timestamp: '2026-12-07T00:00:01.000Z',
        parentId: 'e1',
      },
    );
    const imported = importTranscript(text);
    expect([imported.format, imported.usage?.agentVersion]).toEqual(['copilot-cli', '1.0.102']);
  });

  it('Gemini CLI writes no version of its own: none is named', () => {
    const text = lines(
      {
        sessionId: 's',
        projectHash: 'p',
        startTime: '2026-12-07T00:00:00.000Z',
        lastUpdated: '2026-12-07T00:00:00.000Z',
        kind: 'main',
      },
      { id: 'u1', timestamp: '2026-12-07T00:00:01.000Z', type: 'user', content: [{ text: 'Fix add' }] },
      { id: 'g1', timestamp: '2026-12-07T00:00:02.000Z', type: 'gemini', content: 'Fixed.', model: 'mock' },
    );
    const imported = importTranscript(text);
    expect(imported.format).toBe('gemini-cli');
    expect(imported.usage?.agentVersion).toBeUndefined();
  });

  it("pi's session `version` is its file format's, not pi's: none is named", () => {
    const text = lines(
      { type: 'session', version: 3, id: 's', timestamp: '2026-12-07T00:00:00.000Z', cwd: '/p' },
      {
        type: 'message',
        id: 'a',
        parentId: null,
        timestamp: '2026-12-07T00:00:01.000Z',
        message: { role: 'user', content: 'Fix add' },
      },
    );
    const imported = importTranscript(text);
    expect(imported.format).toBe('pi');
    expect(imported.usage?.agentVersion).toBeUndefined();
  });
});
