import { describe, expect, it } from 'vitest';
import { detectAider, resolveCommand } from './aider';
import { detectFormat, importTranscript } from './registry';
import { fixture } from './testSupport.node';

const history = (...lines: string[]) => lines.join('\n') + '\n';

describe("Aider's chat history", () => {
  it('holds the newest run: typed lines as one user message, the reply as it was written', () => {
    const result = importTranscript(fixture('aider.chat.history.md'));
    expect(result.format).toBe('aider');
    expect(result.messages.map((m) => [m.role, m.source?.line])).toEqual([
      ['user', 24],
      ['assistant', 26],
      ['user', 42],
      ['assistant', 43],
    ]);
    expect(result.messages[0]!.content).toBe(
      'The column widths are wrong for CJK text.\nUse wcwidth to measure cells.',
    );
    const reply = result.messages[1]!.content;
    expect(reply.startsWith('Each cell is padded by `len()`')).toBe(true);
    expect(reply).toContain('<<<<<<< SEARCH\n');
    expect(reply.endsWith('>>>>>>> REPLACE\n```')).toBe(true);
    // `/ask` sends the question without the command.
    expect(result.messages[2]!.content).toBe('does the padding use the same width?');
  });

  it("leaves out Aider's quoted output, its own commands and the earlier runs, and says so", () => {
    const result = importTranscript(fixture('aider.chat.history.md'));
    expect(result.messages.some((m) => /Tokens: |Applied edit|Added src/.test(m.content))).toBe(false);
    expect(result.issues.map((i) => [i.code, i.message])).toEqual([
      [
        'earlier-runs',
        '1 earlier run in this file was left out: each "aider chat started" begins with an empty chat',
      ],
      ['aider-commands', '1 command such as /add or /run was left out: Aider runs them itself'],
      [
        'aider-output',
        '10 lines of Aider\'s own output (quoted with "> ") were left out: the model does not read them',
      ],
    ]);
  });

  it('starts again after /clear', () => {
    const text = history(
      '# aider chat started at 2025-03-02 10:14:03',
      '',
      '#### fix the header',
      '',
      'Done.',
      '',
      '#### /clear  ',
      '',
      '#### now the footer  ',
      '',
      'Footer fixed.',
    );
    const result = importTranscript(text);
    expect(result.messages.map((m) => [m.role, m.content])).toEqual([
      ['user', 'now the footer'],
      ['assistant', 'Footer fixed.'],
    ]);
    expect(result.issues.map((i) => i.message)).toEqual([
      '2 messages before the last /clear or /reset were left out',
    ]);
  });

  it('counts a prompt sent by /ask, /code or /ok once: Aider writes it again on its own line as it sends it', () => {
    const result = importTranscript(fixture('aider-commands.chat.history.md'));
    expect(result.messages.map((m) => [m.role, m.source?.line])).toEqual([
      ['user', 33],
      ['assistant', 34],
      ['user', 41],
      ['assistant', 42],
      ['user', 59],
      ['assistant', 60],
    ]);
    expect(result.messages.filter((m) => m.role === 'user').map((m) => m.content)).toEqual([
      'why is tax computed twice?',
      'compute tax once, in total()',
      'Ok, please go ahead and make those changes. and add a test',
    ]);
  });

  it('reads a command typed as a unique prefix as Aider does: /cle clears the chat', () => {
    const result = importTranscript(fixture('aider-commands.chat.history.md'));
    expect(result.issues.map((i) => i.message)[0]).toBe(
      '2 messages before the last /clear or /reset were left out',
    );
  });

  it('/res resets; an ambiguous prefix (/c) or an unknown command runs nothing and sends nothing', () => {
    const text = history(
      '# aider chat started at 2026-11-03 14:05:10',
      '',
      '#### fix the header',
      '',
      'Done.',
      '',
      '#### /res  ',
      '',
      '#### /c the footer  ',
      '',
      '#### /frobnicate  ',
      '',
      '#### now the footer  ',
      '',
      'Footer fixed.',
    );
    const result = importTranscript(text);
    expect(result.messages.map((m) => [m.role, m.content])).toEqual([
      ['user', 'now the footer'],
      ['assistant', 'Footer fixed.'],
    ]);
    expect(result.issues.map((i) => i.code)).toEqual(['cleared-messages', 'aider-commands']);
  });

  it('resolves a typed word to the command Aider runs', () => {
    expect(['ask', 'cle', 'res', 'arch', 'c', 'copy', 'map', 'xyz'].map(resolveCommand)).toEqual([
      'ask',
      'clear',
      'reset',
      'architect',
      undefined,
      'copy',
      'map',
      undefined,
    ]);
  });

  it('is claimed by its header; without it only as a guess; plain labelled text stays text', () => {
    expect(detectFormat(fixture('aider.chat.history.md'))).toEqual({
      format: 'aider',
      confidence: 0.97,
      reason: 'a "# aider chat started at" line (.aider.chat.history.md)',
    });
    const headless = history('#### fix the header', '', 'Done.', '', '> Applied edit to header.py');
    expect(detectAider(headless)).toEqual({
      format: 'aider',
      confidence: 0.45,
      reason: '"#### " user lines and "> " quoted lines, but no "# aider chat started at" line',
    });
    expect(detectFormat(headless).format).toBe('aider');
    // A Markdown note with a level-4 heading and no quotes is not Aider's.
    expect(detectAider(history('#### Notes', '', 'Some text.'))).toBeNull();
    expect(detectFormat(history('User: hello', 'Assistant: hi', '> quoted', '#### heading')).format).toBe(
      'text',
    );
  });

  it('can be chosen for a file detection would read as plain text', () => {
    const result = importTranscript(history('#### fix the header', '', 'Done.'), { format: 'aider' });
    expect(result.messages.map((m) => m.role)).toEqual(['user', 'assistant']);
    expect(result.detection.reason).toBe('chosen explicitly');
  });
});
