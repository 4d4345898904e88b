import { beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../core/settings';
import { restoreSettings, useSettings } from './settingsStore';
import { agentOffer, offerNote, strategyFor, strategyNote } from './strategyFollow';

describe("the strategy that follows the loaded file's agent", () => {
  it("an agent's file gets that agent's preset, said as chosen for its file", () => {
    expect(strategyFor(false, 'claude-code')).toEqual({
      strategy: 'claude-code',
      origin: { from: 'file', agent: 'Claude Code' },
    });
    expect(strategyFor(false, 'pi')).toEqual({ strategy: 'pi', origin: { from: 'file', agent: 'pi' } });
    expect(strategyNote(strategyFor(false, 'codex').origin)).toBe("Chosen for Codex's file");
  });

  it('pasted text, an API payload and a sample keep the default, with no note', () => {
    expect(strategyFor(false, 'text')).toEqual({ strategy: 'budget', origin: { from: 'default' } });
    expect(strategyFor(false, 'openai-chat')).toEqual({ strategy: 'budget', origin: { from: 'default' } });
    expect(strategyFor(false, null)).toEqual({ strategy: 'budget', origin: { from: 'default' } });
    expect(strategyNote({ from: 'default' })).toBe('');
  });

  it("the user's or a link's choice stays whatever file is loaded", () => {
    expect(strategyFor('chosen', 'claude-code')).toEqual({ strategy: null, origin: { from: 'chosen' } });
    expect(strategyFor('link', 'codex')).toEqual({ strategy: null, origin: { from: 'link' } });
    expect(strategyNote({ from: 'chosen' })).toBe('');
    expect(strategyNote({ from: 'link' })).toBe("The link's strategy");
  });
});

describe('the settings store follows the file until a strategy is chosen', () => {
  const store = () => useSettings.getState();
  beforeEach(() => {
    store().followFormat(null);
    store().reset();
  });

  it('a Claude Code file gets its preset; a pasted chat after it the default again', () => {
    store().followFormat('claude-code');
    expect(store().settings.strategy).toBe('claude-code');
    expect(store().strategyOrigin).toEqual({ from: 'file', agent: 'Claude Code' });
    store().followFormat('openai-chat');
    expect(store().settings.strategy).toBe('budget');
    expect(store().strategyOrigin).toEqual({ from: 'default' });
  });

  it('a strategy the user picked stays for the next file, until reset', () => {
    store().update({ strategy: 'turns' });
    store().followFormat('codex');
    expect(store().settings.strategy).toBe('turns');
    expect(store().strategyOrigin).toEqual({ from: 'chosen' });
    store().reset();
    expect(store().settings.strategy).toBe('codex');
    expect(store().strategyOrigin).toEqual({ from: 'file', agent: 'Codex' });
  });

  it("a link's strategy wins over the file it opens, and going back to one's own follows the file again", () => {
    store().applyLink({ ...DEFAULT_SETTINGS, strategy: 'pi' }, []);
    store().followFormat('claude-code');
    expect(store().settings.strategy).toBe('pi');
    expect(store().strategyOrigin).toEqual({ from: 'link' });
    store().backToOwnSettings();
    expect(store().settings.strategy).toBe('claude-code');
    expect(store().strategyOrigin).toEqual({ from: 'file', agent: 'Claude Code' });
  });

  it('a stored strategy other than the default from before this rule counts as chosen', () => {
    expect(
      restoreSettings({ settings: { ...DEFAULT_SETTINGS, strategy: 'gemini-cli' } }).value.strategyChosen,
    ).toBe(true);
    expect(restoreSettings({ settings: DEFAULT_SETTINGS }).value.strategyChosen).toBe(false);
    expect(
      restoreSettings({ settings: { ...DEFAULT_SETTINGS, strategy: 'codex' }, strategyChosen: false }).value
        .strategyChosen,
    ).toBe(false);
  });
});

describe("the file's agent offered when the default is in force", () => {
  it("a Claude Code sample under the default is offered Claude Code's preset", () => {
    expect(agentOffer('claude-code', { from: 'default' }, 'budget')).toEqual({
      name: 'Claude Code',
      strategy: 'claude-code',
    });
    expect(offerNote('Claude Code')).toBe(
      "The default, where the keep-recent handle moves the cut; “What would Claude Code do?” under the bars shows Claude Code's own rule",
    );
  });

  it("nothing is offered once the agent's preset is in force, or when the user, the file or a link chose", () => {
    expect(agentOffer('claude-code', { from: 'default' }, 'claude-code')).toBeNull();
    expect(agentOffer('claude-code', { from: 'chosen' }, 'turns')).toBeNull();
    expect(agentOffer('claude-code', { from: 'link' }, 'budget')).toBeNull();
    expect(agentOffer('codex', { from: 'file', agent: 'Codex' }, 'codex')).toBeNull();
  });

  it('a file with no agent, or none loaded, is offered nothing', () => {
    expect(agentOffer('openai-chat', { from: 'default' }, 'budget')).toBeNull();
    expect(agentOffer('text', { from: 'default' }, 'budget')).toBeNull();
    expect(agentOffer(null, { from: 'default' }, 'budget')).toBeNull();
  });
});
