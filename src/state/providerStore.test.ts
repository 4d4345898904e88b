import { beforeEach, describe, expect, it } from 'vitest';
import { ODD_NAME_ROWS } from '../core/__fixtures__/oddNames';
import { currentKey, isRemembered, keyAddress, restoreProvider, useProvider } from './providerStore';

const KEY = 'sk-openai-0123456789abcdef';
const initial = useProvider.getState();

/** What would be written to local storage now. */
function saved() {
  return useProvider.persist.getOptions().partialize!(useProvider.getState());
}

beforeEach(() => {
  useProvider.setState(initial, true);
});

describe('keys belong to one provider at one address', () => {
  it('a key typed for OpenAI is not offered to Groq, and comes back with OpenAI', () => {
    const s = useProvider.getState();
    s.choose('openai');
    s.setKey(KEY);
    expect(currentKey(useProvider.getState())).toBe(KEY);
    useProvider.getState().choose('groq');
    expect(currentKey(useProvider.getState())).toBe('');
    useProvider.getState().choose('openai');
    expect(currentKey(useProvider.getState())).toBe(KEY);
  });

  it('a link that switches to another preset (a local port) does not carry the key along', () => {
    useProvider.getState().choose('openai');
    useProvider.getState().setKey(KEY);
    useProvider.getState().setRemember(true);
    useProvider
      .getState()
      .applyLink({ presetId: 'llamacpp', baseUrl: 'http://localhost:8080/v1', model: '' }, false);
    expect(currentKey(useProvider.getState())).toBe('');
    expect(isRemembered(useProvider.getState())).toBe(false);
  });

  it("a base URL the user types takes the user's key and its remembering along", () => {
    useProvider.getState().choose('custom');
    useProvider.getState().update({ baseUrl: 'http://localhost:9000/v1' });
    useProvider.getState().setKey(KEY);
    useProvider.getState().setRemember(true);
    useProvider.getState().update({ baseUrl: 'http://localhost:9001/v1' });
    expect(currentKey(useProvider.getState())).toBe(KEY);
    expect(saved().remembered).toEqual({ [keyAddress('custom', 'http://localhost:9001/v1')]: KEY });
  });

  it('only ticked keys are saved, each under its own address', () => {
    useProvider.getState().choose('openai');
    useProvider.getState().setKey(KEY);
    expect(saved().remembered).toEqual({});
    useProvider.getState().setRemember(true);
    expect(saved().remembered).toEqual({ 'openai https://api.openai.com/v1': KEY });
    useProvider.getState().setRemember(false);
    expect(saved().remembered).toEqual({});
  });
});

describe("a link's base URL that no preset uses", () => {
  const EVIL = 'https://collector.example/v1';

  beforeEach(() => {
    useProvider.getState().choose('openai');
    useProvider.getState().setKey(KEY);
    useProvider.getState().setRemember(true);
  });

  it('is used with no key, and is not saved, until the user confirms it', () => {
    useProvider.getState().applyLink({ presetId: 'openai', baseUrl: EVIL, model: 'gpt-x' }, true);
    const state = useProvider.getState();
    expect([state.baseUrl, state.unconfirmedBaseUrl, currentKey(state)]).toEqual([EVIL, EVIL, '']);
    expect(saved()).toMatchObject({
      presetId: 'openai',
      baseUrl: 'https://api.openai.com/v1',
      model: 'gpt-4.1-mini',
    });
    useProvider.getState().confirmBaseUrl();
    expect(saved()).toMatchObject({ presetId: 'openai', baseUrl: EVIL, model: 'gpt-x' });
  });

  it('never receives the key remembered for the preset’s own address, even after confirming', () => {
    useProvider.getState().applyLink({ presetId: 'openai', baseUrl: EVIL, model: 'gpt-x' }, true);
    useProvider.getState().confirmBaseUrl();
    expect(currentKey(useProvider.getState())).toBe('');
  });

  it('a second link keeps the choice from before the first for saving', () => {
    useProvider.getState().applyLink({ presetId: 'openai', baseUrl: EVIL, model: 'a' }, true);
    useProvider
      .getState()
      .applyLink({ presetId: 'custom', baseUrl: 'https://other.example/v1', model: 'b' }, true);
    expect(saved()).toMatchObject({ presetId: 'openai', baseUrl: 'https://api.openai.com/v1' });
  });

  it("becomes the user's own when the user picks a preset or types a base URL", () => {
    useProvider.getState().applyLink({ presetId: 'openai', baseUrl: EVIL, model: 'a' }, true);
    useProvider.getState().update({ baseUrl: 'http://localhost:1234/v1' });
    expect(useProvider.getState().unconfirmedBaseUrl).toBeNull();
    expect(currentKey(useProvider.getState())).toBe('');
    expect(saved().baseUrl).toBe('http://localhost:1234/v1');
  });
});

describe('restoreProvider', () => {
  it('restores a version 2 record as it was saved', () => {
    const stored = {
      presetId: 'groq',
      baseUrl: 'https://api.groq.com/openai/v1',
      model: 'llama',
      instructions: 'keep paths',
      remembered: { 'groq https://api.groq.com/openai/v1': 'gsk_1234567890' },
    };
    expect(restoreProvider(stored, 2)).toEqual({ value: stored, notices: [] });
  });

  it("keeps a version 1 key only at its preset's own address", () => {
    const v1 = {
      presetId: 'openai',
      baseUrl: 'https://api.openai.com/v1/',
      model: 'm',
      remember: true,
      apiKey: KEY,
    };
    expect(restoreProvider(v1, 1).value.remembered).toEqual({ 'openai https://api.openai.com/v1': KEY });
  });

  it('forgets a version 1 key saved beside a base URL that may have come from a link', () => {
    const v1 = {
      presetId: 'openai',
      baseUrl: 'https://collector.example/v1',
      model: 'm',
      remember: true,
      apiKey: KEY,
    };
    const { value, notices } = restoreProvider(v1, 1);
    expect([value.baseUrl, value.remembered]).toEqual(['https://api.openai.com/v1', {}]);
    expect(notices).toEqual([
      "The saved base URL https://collector.example/v1 was set back to OpenAI (Chat Completions)'s own (https://api.openai.com/v1): this version asks before using an address it did not see you type.",
      'A remembered API key could not be tied to one provider and address, so it was forgotten: enter it again.',
    ]);
  });

  it('falls back to the offline summarizer for a preset this version does not know, with a notice', () => {
    const { value, notices } = restoreProvider({ presetId: 'plan', remembered: {} }, 2);
    expect(value.presetId).toBe('offline');
    expect(notices).toEqual([
      'The saved summarizer "plan" is not known to this version; the offline summarizer is selected.',
    ]);
  });

  it('drops a remembered key that is not text, and keeps the rest', () => {
    const { value, notices } = restoreProvider(
      { presetId: 'openai', remembered: { a: 42, b: 'sk-b-0123456789' }, instructions: 7 },
      2,
    );
    expect([value.remembered, value.instructions, value.baseUrl]).toEqual([
      { b: 'sk-b-0123456789' },
      '',
      'https://api.openai.com/v1',
    ]);
    expect(notices).toEqual(['1 remembered key was not text and forgotten.']);
  });

  it('starts over with the offline summarizer for a version it does not know', () => {
    expect(restoreProvider({ presetId: 'openai' }, 9).value.presetId).toBe('offline');
  });
});

describe('a key remembered for an address of any spelling', () => {
  /** What the page would write now, read back as the next visit reads it. */
  const reloaded = () => restoreProvider(JSON.parse(JSON.stringify(saved())), 2);

  it.each(ODD_NAME_ROWS)('base URL %s: the key is kept, saved and read back exactly', (_, baseUrl) => {
    useProvider.getState().choose('custom');
    useProvider.getState().update({ baseUrl });
    expect(currentKey(useProvider.getState())).toBe('');
    expect(isRemembered(useProvider.getState())).toBe(false);
    useProvider.getState().setKey(KEY);
    useProvider.getState().setRemember(true);
    const { value, notices } = reloaded();
    expect(notices).toEqual([]);
    expect(Object.keys(value.remembered)).toEqual([keyAddress('custom', baseUrl)]);
    useProvider.setState({ ...initial, ...value }, true);
    expect([currentKey(useProvider.getState()), isRemembered(useProvider.getState())]).toEqual([KEY, true]);
  });

  it.each(ODD_NAME_ROWS)('a stored address %s reads back as an entry of its own', (_, address) => {
    const remembered = JSON.parse(`{${JSON.stringify(address)}: "sk-odd-0123456789"}`) as Record<
      string,
      string
    >;
    const { value, notices } = restoreProvider({ presetId: 'openai', remembered }, 2);
    expect(notices).toEqual([]);
    expect(Object.entries(value.remembered)).toEqual([[address, 'sk-odd-0123456789']]);
    expect(({} as Record<string, unknown>)['sk-odd-0123456789']).toBeUndefined();
    // Not one of them is the current address, so no key is offered.
    useProvider.setState({ ...initial, ...value }, true);
    expect([currentKey(useProvider.getState()), isRemembered(useProvider.getState())]).toEqual(['', false]);
  });
});
