import { describe, expect, it } from 'vitest';
import type { ProviderPreset } from '../../providers/presets';
import type { SummarizerChoice } from '../../worker/protocol';
import {
  baseUrlFor,
  compareFailureText,
  sideBChoice,
  summarizerLabel,
  usablePresets,
  type KeyFor,
} from './compareChoice';

const hosted: ProviderPreset = {
  id: 'anthropic',
  label: 'Anthropic',
  kind: 'anthropic',
  baseUrl: 'https://api.anthropic.example',
  defaultModel: 'claude-default',
  needsKey: true,
  networkFix: '',
};
const local: ProviderPreset = {
  id: 'ollama',
  label: 'Ollama',
  kind: 'openai-compatible',
  baseUrl: 'http://localhost:11434/v1',
  defaultModel: 'llama-default',
  needsKey: false,
  networkFix: '',
};
const custom: ProviderPreset = { ...local, id: 'custom', label: 'Custom', baseUrl: '' };

const a = (preset: 'anthropic' | 'custom', baseUrl: string, model = 'a-model') =>
  ({
    mode: 'provider',
    config: { kind: 'anthropic', preset, baseUrl, model, apiKey: 'a-key' },
  }) as const satisfies SummarizerChoice;

const keys: Record<string, string> = { 'anthropic https://api.anthropic.example': 'held-key' };
const keyFor: KeyFor = (id, baseUrl) => keys[`${id} ${baseUrl}`] ?? '';
const noKeys: KeyFor = () => '';

describe('naming a summarizer for side A', () => {
  it('names the offline summarizer, or a provider with its model or "(default)"', () => {
    expect(summarizerLabel({ mode: 'offline' })).toBe('the offline summarizer');
    expect(summarizerLabel(a('anthropic', 'https://x.example', 'claude-x'))).toBe(
      'anthropic, model claude-x',
    );
    expect(summarizerLabel(a('anthropic', 'https://x.example', ''))).toBe('anthropic, model (default)');
  });
});

describe('the providers B may use', () => {
  it('calls a preset at A’s address when A uses it, else at its own', () => {
    expect(baseUrlFor(hosted, a('anthropic', 'https://proxy.example'))).toBe('https://proxy.example');
    expect(baseUrlFor(hosted, null)).toBe('https://api.anthropic.example');
  });

  it('offers a keyless local server, and a hosted one only with a key held for it', () => {
    expect(usablePresets([hosted, local, custom], null, keyFor).map((p) => p.id)).toEqual([
      'anthropic',
      'ollama',
    ]);
    expect(usablePresets([hosted, local, custom], null, noKeys).map((p) => p.id)).toEqual(['ollama']);
  });

  it('always offers A’s own provider, and a preset without an address once A gives it one', () => {
    expect(usablePresets([hosted], a('anthropic', 'https://proxy.example'), noKeys).map((p) => p.id)).toEqual(
      ['anthropic'],
    );
    expect(usablePresets([custom], a('custom', 'http://box.example/v1'), noKeys).map((p) => p.id)).toEqual([
      'custom',
    ]);
  });
});

describe('B’s summarizer', () => {
  it('is offline without a preset', () => {
    expect(sideBChoice(undefined, 'anything', null, keyFor)).toEqual({ mode: 'offline' });
  });

  it('is A’s provider with B’s model, or A’s model when B’s is left empty', () => {
    const sideA = a('anthropic', 'https://proxy.example', 'claude-a');
    expect(sideBChoice(hosted, ' claude-b ', sideA, noKeys)).toEqual({
      mode: 'provider',
      config: {
        kind: 'anthropic',
        preset: 'anthropic',
        baseUrl: 'https://proxy.example',
        model: 'claude-b',
        apiKey: 'a-key',
      },
    });
    expect(sideBChoice(hosted, '  ', sideA, noKeys)).toEqual({
      mode: 'provider',
      config: {
        kind: 'anthropic',
        preset: 'anthropic',
        baseUrl: 'https://proxy.example',
        model: 'claude-a',
        apiKey: 'a-key',
      },
    });
  });

  it('is another preset at its own address, its default model, and the key held for it', () => {
    expect(sideBChoice(hosted, '', null, keyFor)).toEqual({
      mode: 'provider',
      config: {
        kind: 'anthropic',
        preset: 'anthropic',
        baseUrl: 'https://api.anthropic.example',
        model: 'claude-default',
        apiKey: 'held-key',
      },
    });
    expect(sideBChoice(local, 'qwen', null, keyFor)).toEqual({
      mode: 'provider',
      config: {
        kind: 'openai-compatible',
        preset: 'ollama',
        baseUrl: 'http://localhost:11434/v1',
        model: 'qwen',
        apiKey: undefined,
      },
    });
  });
});

describe('why a side’s run failed', () => {
  it('gives a provider failure’s title and its fix', () => {
    const description = { category: 'auth', title: 'The key was refused.', detail: 'HTTP 401' } as const;
    expect(compareFailureText({ kind: 'preview', message: 'm', description }, null)).toBe(
      'The key was refused.',
    );
    expect(
      compareFailureText(
        { kind: 'preview', message: 'm', description: { ...description, fix: 'Check the key.' } },
        null,
      ),
    ).toBe('The key was refused. Check the key.');
  });

  it('gives any other worker failure’s message, and an error that is not one as text', () => {
    expect(compareFailureText({ kind: 'nothing-to-compact', message: 'Nothing to compact.' }, null)).toBe(
      'Nothing to compact.',
    );
    expect(compareFailureText(null, new Error('boom'))).toBe('Error: boom');
  });
});
