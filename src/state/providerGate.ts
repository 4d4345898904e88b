/**
 * The page's rule for every provider call, installed into the worker client
 * so no caller can forget it: nothing is sent to an address a link chose
 * until the user confirms it, and a preview does not send a link's prompts
 * until the user has seen them. The buttons say the same before a click;
 * this is the rule that holds when one of them does not.
 */
import { addressOf } from '../providers/presets';
import type { ProviderConfig } from '../providers/config';
import { workerClient, type ProviderGate } from '../worker/client';
import { linkPromptsPending, usePrompts } from './promptStore';
import { useProvider } from './providerStore';

export const providerGate: ProviderGate = (config: ProviderConfig, type) => {
  const unconfirmed = useProvider.getState().unconfirmedBaseUrl;
  if (unconfirmed !== null && addressOf(config.baseUrl) === addressOf(unconfirmed)) {
    return `Nothing is sent to ${addressOf(unconfirmed).slice(0, 200)}: a shared link chose that server, and you have not confirmed it ("Use this server").`;
  }
  if (type === 'compact' && linkPromptsPending(usePrompts.getState())) {
    return 'The prompts came with a shared link: review them under Run before a model is sent them.';
  }
  return null;
};

/** Called once at start-up, before anything can call a provider. */
export function installProviderGate(): void {
  workerClient.setProviderGate(providerGate);
}
