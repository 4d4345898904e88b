import { describe, expect, it } from 'vitest';
import { shownModel } from './modelShown';

describe('the model the Model field shows', () => {
  it("is the file's model when the window comes from it and the list has it", () => {
    const shown = shownModel(null, { from: 'model', model: 'claude-sonnet-4-5-20250929' }, 200_000);
    expect(shown?.model.id).toBe('claude-sonnet-4-5');
    expect(shown?.fromFile).toBe(true);
  });

  it("is the file's model when the file states its window and names a listed model of that window", () => {
    expect(shownModel(null, { from: 'file', model: 'gpt-5' }, 400_000)?.model.id).toBe('gpt-5');
  });

  it('is none when the window in force is not the listed model’s', () => {
    expect(shownModel(null, { from: 'file', model: 'gpt-5' }, 272_000)).toBeUndefined();
  });

  it('is none for a model the list lacks, a typed window, a link’s or the default', () => {
    expect(shownModel(null, { from: 'model', model: 'gpt-5-codex' }, 400_000)).toBeUndefined();
    expect(shownModel(null, { from: 'typed' }, 200_000)).toBeUndefined();
    expect(shownModel(null, { from: 'link' }, 200_000)).toBeUndefined();
    expect(shownModel(null, { from: 'default' }, 200_000)).toBeUndefined();
  });

  it('is the chosen preset, whatever the file says', () => {
    const shown = shownModel('gpt-4o', { from: 'model', model: 'claude-sonnet-4-5' }, 128_000);
    expect(shown?.model.id).toBe('gpt-4o');
    expect(shown?.fromFile).toBe(false);
  });
});
