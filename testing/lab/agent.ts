/**
 * What the conformance lab knows of one agent: the npm package it installs at
 * a pinned version, how that agent is pointed at the mock model server through
 * its own settings, and how it is driven until it compacts. One module per
 * agent under `agents/`, one line in `agents/index.ts`.
 */

import type { TokenizerId } from '../../src/core';

/** The wire protocol an agent speaks to the mock server. */
export type LabProtocol = 'anthropic' | 'openai-chat' | 'openai-responses' | 'gemini';

/** The result of one command the lab ran for an agent. */
export interface Executed {
  code: number | null;
  stdout: string;
  stderr: string;
  /** True when the lab stopped the command at its time limit. */
  timedOut: boolean;
}

export interface ExecOptions {
  /** Defaults to the scratch project. */
  cwd?: string;
  /** Added to the clean environment (HOME, PATH, LANG and TMPDIR only, plus these). */
  env?: Record<string, string>;
  /** Written to the command's standard input, which is then closed. */
  input?: string;
  /** Defaults to 180 s. */
  timeoutMs?: number;
  /**
   * A file the command's standard output is written to instead of being
   * collected (`stdout` is then empty): a file takes every write at once,
   * where a command that exits as soon as it has written (OpenCode's
   * `export`) leaves the end of its output in a pipe nobody reads.
   */
  stdoutFile?: string;
  /** Stops the command (its whole process group) when aborted: the lab's limit on a run. */
  signal?: AbortSignal;
}

/** Where an installed agent lives in the lab's cache. */
export interface Installed {
  /** The package folder the lab installed into (`<cache>/<id>@<version>`). */
  dir: string;
  version: string;
  /** The command that starts the agent, first element the executable. */
  command: string[];
}

export interface InstallContext {
  /** An empty folder in the lab's cache, kept between runs. */
  dir: string;
  version: string;
  /** Runs a command with the clean environment (network allowed only for the registry). */
  exec(command: string, args: string[], options?: ExecOptions): Promise<Executed>;
  log(line: string): void;
}

export interface RunContext {
  installed: Installed;
  /** A scratch HOME, empty at the start of the run. */
  home: string;
  /** A scratch project the lab wrote: a few source files, a failing test, a README. */
  project: string;
  /** `http://127.0.0.1:PORT`, no trailing slash. */
  mockUrl: string;
  /** The model name the mock answers as the scripted agent scenario. */
  model: string;
  /** Runs a command with the clean environment; HOME is the scratch HOME. */
  exec(command: string, args: string[], options?: ExecOptions): Promise<Executed>;
  log(line: string): void;
}

/** What one run produced, for the lab's checks. */
export interface AgentRun {
  /** The session files the agent wrote (absolute paths), the ones `import` must read exactly. */
  sessionFiles: string[];
  /** The product's format id these files must be detected as. */
  format: string;
  /** How the compaction was brought about: its own automatic one, and a manual command if run. */
  compactions: ('automatic' | 'manual')[];
  /** Anything the checks should know (a setting the agent overrode, a warning it printed). */
  notes: string[];
}

/** The window the lab gives an agent, for running its preset with the same settings. */
export interface LabWindow {
  /** The context window in tokens, as the agent was told it. */
  window: number;
  /** The preset's parameters that the lab's settings change (e.g. Codex `autoCompactLimit`). */
  params: Record<string, unknown>;
  /**
   * The playground's own settings the agent's imply, for a cut rule modelled
   * on the agent (pi's `reserveTokens`, `keepRecentTokens`, and its
   * characters / 4 count, `chars4`).
   */
  settings?: { reserveTokens?: number; keepRecentTokens?: number; tokenizer?: TokenizerId };
  /**
   * What the agent compares with its threshold, where it is not the prompt it
   * is about to send or the usage its previous call got back:
   * `previous-prompt`, the prompt the server counted for its previous call,
   * checked before every call, compacting only where its cut finds something
   * to summarize (Gemini CLI; `checkFiring`).
   */
  compares?: 'previous-prompt';
}

export interface LabAgent {
  /** The product's preset id for this agent (`claude-code`, `codex`, …). */
  id: string;
  name: string;
  packageName: string;
  /** The version the lab pins; `--latest` runs the registry's newest beside it. */
  pinned: string;
  protocol: LabProtocol;
  /** Installs the package into `ctx.dir` (plus any step its binary needs) and names its command. */
  install(ctx: InstallContext): Promise<Installed>;
  /** The window and preset settings its own settings give it; absent for an agent without a preset (the line says so). */
  labWindow?: LabWindow;
  /** Writes the agent's settings into the scratch HOME/project, drives it until it compacts. */
  run(ctx: RunContext): Promise<AgentRun>;
}
