/**
 * The vocabulary shared by every transcript importer and exporter: which
 * formats exist, what detection says, what an import returns, and the one
 * error type a caller ever has to catch.
 */
import type { FileUsage } from '../core/fileUsage';
import type { Message } from '../core/message';
import type { Strategy } from '../core/settings';
import type { SessionHistory } from '../core/session/history';

export type FormatId =
  | 'claude-code'
  | 'codex'
  | 'pi'
  | 'opencode'
  | 'gemini-cli'
  | 'qwen-code'
  | 'copilot-cli'
  | 'cline'
  | 'goose'
  | 'aider'
  | 'openai-chat'
  | 'openai-responses'
  | 'anthropic'
  | 'gemini'
  | 'langchain'
  | 'otel'
  | 'inspect-ai'
  | 'swe-agent'
  | 'canonical'
  | 'text';

export type ExportFormatId = 'openai-chat' | 'anthropic' | 'canonical';

export interface FormatInfo {
  id: FormatId;
  label: string;
  /** `jsonl` formats are read line by line; `json` ones are parsed as one value. */
  container: 'jsonl' | 'json' | 'json or jsonl' | 'text';
  exportable: boolean;
  /**
   * The agent that writes this format and the strategy that reproduces its
   * compaction, chosen for its files until the user picks one; null for a
   * format no one agent writes (an API payload, a trace, plain text) or whose
   * agent has no preset.
   */
  agent: { name: string; strategy: Strategy } | null;
}

/** One row per format: the UI's format picker and the CLI's `--format` list read this table. */
export const FORMATS: readonly FormatInfo[] = [
  {
    id: 'claude-code',
    label: 'Claude Code session (JSONL)',
    container: 'jsonl',
    exportable: false,
    agent: { name: 'Claude Code', strategy: 'claude-code' },
  },
  {
    id: 'codex',
    label: 'Codex CLI rollout (JSONL)',
    container: 'jsonl',
    exportable: false,
    agent: { name: 'Codex', strategy: 'codex' },
  },
  {
    id: 'pi',
    label: 'pi session (JSONL)',
    container: 'jsonl',
    exportable: false,
    agent: { name: 'pi', strategy: 'pi' },
  },
  {
    id: 'opencode',
    label: 'OpenCode export (JSON)',
    container: 'json',
    exportable: false,
    agent: { name: 'OpenCode', strategy: 'opencode' },
  },
  {
    id: 'gemini-cli',
    label: 'Gemini CLI chat (JSONL or JSON)',
    container: 'json or jsonl',
    exportable: false,
    agent: { name: 'Gemini CLI', strategy: 'gemini-cli' },
  },
  {
    id: 'qwen-code',
    label: 'Qwen Code chat log (JSONL)',
    container: 'jsonl',
    exportable: false,
    agent: null,
  },
  {
    id: 'copilot-cli',
    label: 'GitHub Copilot CLI events (JSONL)',
    container: 'jsonl',
    exportable: false,
    agent: null,
  },
  {
    id: 'cline',
    label: 'Cline / Roo Code / Kilo Code task (JSON)',
    container: 'json',
    exportable: false,
    agent: { name: 'Cline', strategy: 'cline' },
  },
  {
    id: 'goose',
    label: 'Goose session (JSONL or JSON)',
    container: 'json or jsonl',
    exportable: false,
    agent: { name: 'Goose', strategy: 'goose' },
  },
  { id: 'aider', label: 'Aider chat history (Markdown)', container: 'text', exportable: false, agent: null },
  { id: 'openai-chat', label: 'OpenAI Chat Completions', container: 'json', exportable: true, agent: null },
  { id: 'openai-responses', label: 'OpenAI Responses', container: 'json', exportable: false, agent: null },
  { id: 'anthropic', label: 'Anthropic Messages', container: 'json', exportable: true, agent: null },
  { id: 'gemini', label: 'Gemini API contents', container: 'json', exportable: false, agent: null },
  { id: 'langchain', label: 'LangChain messages', container: 'json', exportable: false, agent: null },
  {
    id: 'otel',
    label: 'OpenTelemetry GenAI spans (OTLP JSON)',
    container: 'json or jsonl',
    exportable: false,
    agent: null,
  },
  {
    id: 'inspect-ai',
    label: 'Inspect AI eval log (JSON)',
    container: 'json',
    exportable: false,
    agent: null,
  },
  {
    id: 'swe-agent',
    label: 'SWE-agent trajectory (.traj)',
    container: 'json',
    exportable: false,
    agent: null,
  },
  { id: 'canonical', label: 'Compaction Playground JSON', container: 'json', exportable: true, agent: null },
  { id: 'text', label: 'Plain text (User: / Assistant:)', container: 'text', exportable: false, agent: null },
];

/** The agent whose files this format holds and its preset, when it has one (the table's `agent`). */
export function agentOf(format: FormatId): FormatInfo['agent'] {
  return FORMATS.find((f) => f.id === format)?.agent ?? null;
}

export function isFormatId(value: string): value is FormatId {
  return FORMATS.some((format) => format.id === value);
}

/** The name a user knows a format by, for messages that name it. */
export function labelOf(format: FormatId): string {
  return FORMATS.find((f) => f.id === format)?.label ?? format;
}

export interface Detection {
  format: FormatId;
  /** 0..1: how sure the sniffer is; an override is always allowed. */
  confidence: number;
  /** Which keys or values decided, in words a user can check against the file. */
  reason: string;
}

/**
 * One entry of the validation report that comes with every import. An `info`
 * entry is not a problem: it says what the importer left out on purpose,
 * because the agent itself does not send it to the model.
 */
export interface ImportIssue {
  severity: 'error' | 'warning' | 'info';
  /** Stable machine-readable code, e.g. `orphan-tool-result`, `malformed-line`. */
  code: string;
  message: string;
  /** 1-based line of the first occurrence, for line-oriented sources. */
  line?: number;
  /** 1-based column, when a syntax error is being reported. */
  column?: number;
  /** JSON path of the first occurrence, for JSON sources. */
  path?: string;
  /** How many times this happened, when problems of one kind are grouped. */
  count?: number;
  /** A short excerpt of the first occurrence. */
  example?: string;
  /** For a line or entry that was skipped: what it held, as far as it could be read. */
  held?: HeldContent;
}

/** The role and first words of something the importer could not turn into a message. */
export interface HeldContent {
  role?: string;
  words?: string;
}

/**
 * Token usage the source recorded itself, kept to compare against our
 * estimate: the core's `FileUsage`, which share links carry too, under the
 * name the importers (and the formats entry point) have always given it.
 */
export type ImportUsage = FileUsage;

export interface ImportResult {
  format: FormatId;
  detection: Detection;
  messages: Message[];
  issues: ImportIssue[];
  title?: string;
  usage?: ImportUsage;
  /**
   * The session over time, for files that record more than the context they
   * end with (compactions, hidden messages, usage per call). Absent when the
   * file is only a context: the history is then `messages` itself.
   */
  history?: SessionHistory;
  /**
   * For our JSON: the format of the file the messages were first imported
   * from, when it names one (a share link does), so the page can name it.
   */
  sourceFormat?: FormatId;
  /**
   * For our JSON: the part of every request the file does not show (system
   * prompt, tools), as the usage of the file the messages came from measured
   * it, when a share link carries it without that usage. A measurement, not
   * a setting: the page calls it inferred.
   */
  unseenTokens?: number;
}

export interface ImportOptions {
  format?: FormatId;
  fileName?: string;
}

export interface ChunkImportOptions extends ImportOptions {
  totalBytes?: number;
  onProgress?: (bytesRead: number) => void;
  signal?: AbortSignal;
}

export type ImportErrorCode =
  | 'empty'
  | 'binary'
  | 'invalid-utf8'
  | 'too-large'
  | 'invalid-json'
  | 'not-a-transcript'
  | 'unsupported-version'
  | 'no-messages'
  | 'aborted'
  | 'internal';

export interface ImportErrorDetails {
  line?: number;
  column?: number;
  path?: string;
  fileName?: string;
}

/**
 * A fatal import problem. The message names what went wrong and where
 * (`session.jsonl: line 3, column 17: …`), so it can be shown as is.
 */
export class ImportError extends Error {
  readonly code: ImportErrorCode;
  readonly line?: number;
  readonly column?: number;
  readonly path?: string;
  readonly fileName?: string;
  /** The problem without the location prefix. */
  readonly detail: string;

  constructor(code: ImportErrorCode, detail: string, where: ImportErrorDetails = {}) {
    super(locate(detail, where));
    this.name = 'ImportError';
    this.code = code;
    this.detail = detail;
    this.line = where.line;
    this.column = where.column;
    this.path = where.path;
    this.fileName = where.fileName;
  }

  /** The same error, attributed to a file once the caller knows its name. */
  withFileName(fileName: string | undefined): ImportError {
    if (!fileName || this.fileName) return this;
    return new ImportError(this.code, this.detail, {
      line: this.line,
      column: this.column,
      path: this.path,
      fileName,
    });
  }
}

function locate(detail: string, where: ImportErrorDetails): string {
  const parts: string[] = [];
  if (where.fileName) parts.push(where.fileName);
  const position: string[] = [];
  if (where.line !== undefined) position.push(`line ${where.line}`);
  if (where.column !== undefined) position.push(`column ${where.column}`);
  if (where.path) position.push(where.path);
  if (position.length) parts.push(position.join(', '));
  return parts.length ? `${parts.join(': ')}: ${detail}` : detail;
}
