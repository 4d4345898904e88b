import { describe, expect, it } from 'vitest';
import { PROVIDER_PRESETS, findPreset } from './presets';
import { listFields, missingFields } from './readiness';

const asChosen = (id: Parameters<typeof findPreset>[0]) => {
  const preset = findPreset(id);
  return { preset, fields: { baseUrl: preset.baseUrl, model: preset.defaultModel, apiKey: '' } };
};

describe('missingFields', () => {
  it('asks a custom endpoint for its base URL and its model', () => {
    const { preset, fields } = asChosen('custom');
    expect(missingFields(preset, fields)).toEqual(['base URL', 'model']);
    expect(missingFields(preset, { ...fields, baseUrl: 'http://127.0.0.1:8000/v1' })).toEqual(['model']);
    expect(missingFields(preset, { baseUrl: 'http://127.0.0.1:8000/v1', model: 'm', apiKey: '' })).toEqual(
      [],
    );
  });

  it('asks every hosted service for a key, and nothing else, as chosen', () => {
    for (const preset of PROVIDER_PRESETS.filter((p) => p.needsKey)) {
      const fields = { baseUrl: preset.baseUrl, model: preset.defaultModel, apiKey: '' };
      expect(missingFields(preset, fields), preset.id).toEqual(['API key']);
      expect(missingFields(preset, { ...fields, apiKey: 'sk-1' }), preset.id).toEqual([]);
    }
  });

  it('lets a local server that answers with its loaded model run without one, but not vLLM', () => {
    expect(missingFields(asChosen('llamacpp').preset, asChosen('llamacpp').fields)).toEqual([]);
    expect(missingFields(asChosen('lmstudio').preset, asChosen('lmstudio').fields)).toEqual([]);
    expect(missingFields(asChosen('vllm').preset, asChosen('vllm').fields)).toEqual(['model']);
    expect(missingFields(asChosen('ollama').preset, asChosen('ollama').fields)).toEqual([]);
  });

  it('takes a field of spaces as empty', () => {
    const { preset } = asChosen('openai');
    expect(missingFields(preset, { baseUrl: '  ', model: ' ', apiKey: ' ' })).toEqual([
      'base URL',
      'model',
      'API key',
    ]);
  });
});

describe('listFields', () => {
  it('names one, two or three fields as a sentence would', () => {
    expect(listFields(['model'])).toBe('the model');
    expect(listFields(['base URL', 'model'])).toBe('the base URL and the model');
    expect(listFields(['base URL', 'model', 'API key'])).toBe('the base URL, the model and the API key');
  });
});
