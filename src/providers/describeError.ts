/**
 * Any failure of a preview call, in plain words with what to do about it.
 * The UI shows `title`, then `detail`, then `fix`; the provider's own text
 * stays available verbatim in `providerMessage`.
 */
import { CompactionAbortedError, InvalidSummaryError, StallError } from '../core/errors';
import { matchOverflow } from '../core/overflow';
import { SummarizerError, type SummarizerErrorKind } from '../core/summarizer';
import { originOf, type ProviderConfig } from './config';
import { findPreset, isPresetService, presetFor, type ProviderPreset } from './presets';
import { ProviderError } from './summarizer';

export type ProviderErrorCategory = SummarizerErrorKind | 'abort' | 'stall' | 'invalid-summary' | 'unknown';

export interface ProviderErrorDescription {
  category: ProviderErrorCategory;
  title: string;
  detail: string;
  fix?: string;
  status?: number;
  providerMessage?: string;
  /** For `overflow`: the provider whose overflow message matched (or `HTTP` for a 413). */
  overflowProvider?: string;
}

export interface DescribeContext {
  /** The config of the failed call, when the error does not carry its provider. */
  config?: Pick<ProviderConfig, 'kind' | 'preset'> & Partial<Pick<ProviderConfig, 'baseUrl'>>;
  /** The page's origin, for fixes that name it; defaults to the current page's. */
  origin?: string;
}

/** Anthropic answers this when an organization admin has turned browser calls off. */
const ANTHROPIC_ORG_CORS = /CORS requests are not allowed for this Organization/i;
/** And this when the browser-access header did not arrive. */
const ANTHROPIC_HEADER_MISSING = /CORS requests must set 'anthropic-dangerous-direct-browser-access' header/i;

function pageOrigin(context: DescribeContext): string {
  if (context.origin) return context.origin;
  return typeof location !== 'undefined' && location.origin !== 'null'
    ? location.origin
    : "this page's origin";
}

/**
 * Where a failed call went. `service` is the preset only when the address is
 * that preset's service: a call to an Anthropic-compatible gateway that fails
 * is the gateway's failure, never api.anthropic.com's.
 */
interface Target {
  service?: ProviderPreset;
  /** The URL called, or the base URL when only that is known. */
  address?: string;
}

function targetOf(error: unknown, context: DescribeContext): Target {
  const preset =
    error instanceof ProviderError
      ? findPreset(error.preset)
      : context.config
        ? presetFor(context.config)
        : undefined;
  const baseUrl = error instanceof ProviderError ? error.baseUrl : context.config?.baseUrl;
  const address = error instanceof ProviderError ? error.url : baseUrl || undefined;
  const service = preset && (baseUrl === undefined || isPresetService(preset, baseUrl)) ? preset : undefined;
  return { service, address };
}

/** Who answered (or did not), in words: the service's name, else the server at its address. */
function who(target: Target): string {
  if (target.service) return target.service.label;
  return target.address ? `the server at ${originOf(target.address)}` : 'the provider';
}

/** What to try when nothing answered: the service's own advice, or the generic one for another server. */
function unreachableFix(target: Target, context: DescribeContext): string {
  const fix =
    target.service?.networkFix ??
    `Check that the server is running at ${target.address ?? 'this base URL'} and that it allows cross-origin requests from {origin} (its CORS setting).`;
  return fix.replaceAll('{origin}', pageOrigin(context));
}

function isAbort(error: unknown): boolean {
  return (
    error instanceof CompactionAbortedError ||
    (error instanceof Error && (error.name === 'AbortError' || error.name === 'TimeoutError'))
  );
}

function describeSummarizerError(error: SummarizerError, context: DescribeContext): ProviderErrorDescription {
  const target = targetOf(error, context);
  const base = { status: error.status, providerMessage: error.providerMessage, detail: error.message };
  const text = `${error.message}\n${error.providerMessage ?? ''}`;
  switch (error.kind) {
    case 'auth':
      if (ANTHROPIC_ORG_CORS.test(text)) {
        return {
          ...base,
          category: 'auth',
          title: 'Anthropic does not allow browser calls for this organization',
          fix: 'An organization admin can allow them in the Anthropic Console (organization settings); or use a key from an organization that allows them, or the command-line tool.',
        };
      }
      if (ANTHROPIC_HEADER_MISSING.test(text)) {
        return {
          ...base,
          category: 'auth',
          title: 'Anthropic did not receive the browser-access header',
          fix: 'Something between this page and the API (a browser extension or a proxy) removed the anthropic-dangerous-direct-browser-access header; disable it or call the API directly.',
        };
      }
      return {
        ...base,
        category: 'auth',
        title: `${capitalize(who(target))} refused the API key`,
        fix: 'Check that the key belongs to this provider and is still active, then paste it again.',
      };
    case 'quota':
      return {
        ...base,
        category: 'quota',
        title: 'The account has used up its quota',
        fix: "Check the plan and usage limits in the provider's console; running again will not help until the quota resets or is raised.",
      };
    case 'billing':
      return {
        ...base,
        category: 'billing',
        title: 'The account has no credit left',
        fix: "Add credit or a payment method in the provider's console.",
      };
    case 'rate-limit':
      return {
        ...base,
        category: 'rate-limit',
        title: 'Rate limited: too many requests or tokens for now',
        fix: 'Wait a minute and run again, or choose a model with higher limits.',
      };
    case 'overflow': {
      const match = matchOverflow(error);
      return {
        ...base,
        category: 'overflow',
        title: "The summarization request does not fit the model's context window",
        detail: match ? `${error.message} (matched ${match.provider}'s overflow message)` : error.message,
        overflowProvider: match?.provider,
        fix: "Set the context window to the model's real size (the summarizer input is fitted to it), or choose a model with a larger window.",
      };
    }
    case 'unreachable':
      return {
        ...base,
        category: 'unreachable',
        title: target.address
          ? `Could not reach ${target.service ? `${target.service.label} at ` : ''}${target.address}`
          : `Could not reach ${who(target)}`,
        fix: unreachableFix(target, context),
      };
    case 'network':
      return {
        ...base,
        category: 'network',
        title: `The connection to ${who(target)} broke during the answer`,
        fix: 'Run again; if it keeps breaking, check the connection and any proxy or VPN between this page and the server.',
      };
    case 'redirect':
      return {
        ...base,
        category: 'redirect',
        title: `${capitalize(who(target))} sent the call to another address`,
        fix: 'If that address is where the service now answers, and you trust it, make it the base URL; otherwise check the base URL.',
      };
    case 'http':
      return {
        ...base,
        category: 'http',
        title: `${capitalize(who(target))} answered with an error${error.status ? ` (HTTP ${error.status})` : ''}`,
        fix:
          error.status === 404
            ? 'Check the model name and the base URL.'
            : error.status !== undefined && error.status >= 500
              ? 'The provider had a problem of its own; try again in a moment.'
              : undefined,
      };
    case 'too-long':
      return {
        ...base,
        category: 'too-long',
        title: `The answer from ${who(target)} would not end`,
        fix: 'Check that the server honours the token cap of the request (max_tokens), or choose another model; running again would stream as much once more.',
      };
    case 'protocol':
      return {
        ...base,
        category: 'protocol',
        title: "The provider's response could not be read",
        fix: 'Check that the base URL points at the API itself (for OpenAI-compatible servers it usually ends in /v1), and try again.',
      };
  }
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export function describeProviderError(
  error: unknown,
  context: DescribeContext = {},
): ProviderErrorDescription {
  if (error instanceof SummarizerError) return describeSummarizerError(error, context);
  if (isAbort(error))
    return { category: 'abort', title: 'Stopped', detail: 'The call was stopped before it finished.' };
  if (error instanceof StallError) {
    return {
      category: 'stall',
      title:
        error.address === undefined
          ? 'The provider went silent'
          : `${capitalize(who(targetOf(error, context)))} did not answer`,
      detail: error.message,
      fix: 'Try again; for a slow local model, raise the stall timeout in the settings.',
    };
  }
  if (error instanceof InvalidSummaryError) {
    return {
      category: 'invalid-summary',
      title: 'The model did not produce a usable summary',
      detail: error.message,
      fix: 'Raise the summary budget (reserve or max summary tokens) if it was cut off, or try another model.',
    };
  }
  const detail = error instanceof Error ? error.message : String(error);
  return { category: 'unknown', title: 'The call failed', detail };
}
