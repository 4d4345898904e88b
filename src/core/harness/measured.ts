/**
 * The system prompt and tool definitions real agents send, measured by the
 * conformance lab (`npm run lab`, docs/conformance.md) from the requests each
 * agent version sent to the local mock server, in o200k_base tokens. A file
 * whose agent and version match an entry has this part known, not inferred
 * from a gap in its usage. One row per agent version the lab has run; the lab
 * prints the figures to copy here. Gemini CLI and pi write no version of
 * their own in their session files, so no file of theirs could match a row:
 * their figures are in docs/conformance.md only. Kilo's CLI writes OpenCode's
 * export, so its rows name the `opencode` format, with Kilo's own version
 * numbers (7.x), which OpenCode's (1.x) do not reach.
 */
import { formatCount } from '../numbers';

export interface LabMeasured {
  /** The importer's format id, which names the agent (`claude-code`, `codex`). */
  agent: string;
  name: string;
  version: string;
  systemTokens: number;
  toolTokens: number;
  /** How the agent was run when it was measured: the prompt and tools differ by mode. */
  mode: string;
}

export const LAB_MEASURED: readonly LabMeasured[] = [
  {
    agent: 'claude-code',
    name: 'Claude Code',
    version: '2.1.328',
    systemTokens: 1_524,
    toolTokens: 7_064,
    mode: 'claude -p, 12 tools',
  },
  {
    agent: 'claude-code',
    name: 'Claude Code',
    version: '2.1.337',
    systemTokens: 1_524,
    toolTokens: 7_061,
    mode: 'claude -p, 12 tools',
  },
  {
    agent: 'codex',
    name: 'Codex CLI',
    version: '0.169.0',
    systemTokens: 4_079,
    toolTokens: 3_616,
    mode: 'codex exec, 9 tools',
  },
  {
    agent: 'codex',
    name: 'Codex CLI',
    version: '0.171.0',
    systemTokens: 4_079,
    toolTokens: 3_871,
    mode: 'codex exec, 9 tools',
  },
  {
    agent: 'opencode',
    name: 'OpenCode',
    version: '1.18.33',
    systemTokens: 2_012,
    toolTokens: 4_721,
    mode: 'opencode run, 10 tools',
  },
  {
    agent: 'opencode',
    name: 'Kilo',
    version: '7.7.7',
    systemTokens: 2_808,
    toolTokens: 8_177,
    mode: 'kilo run, 16 tools',
  },
  {
    agent: 'qwen-code',
    name: 'Qwen Code',
    version: '0.24.4',
    systemTokens: 5_623,
    toolTokens: 8_441,
    mode: 'qwen -p, 14 tools',
  },
  {
    agent: 'copilot-cli',
    name: 'Copilot CLI',
    version: '1.0.102',
    systemTokens: 4_597,
    toolTokens: 5_743,
    mode: 'copilot -p, 17 tools',
  },
];

/** The lab's figure for this agent at exactly this version; none for another version. */
export function labMeasured(agent: string, version: string | undefined): LabMeasured | undefined {
  if (!version) return undefined;
  return LAB_MEASURED.find((m) => m.agent === agent && m.version === version);
}

/**
 * The system prompt and tools this agent version sends, in tokens, as the
 * unseen part of every request (`TranscriptShape.labTokens`); null for a
 * version the lab has not run, whose part stays inferred from usage.
 */
export function labUnseenTokens(agent: string, version: string | undefined): number | null {
  const m = labMeasured(agent, version);
  return m ? m.systemTokens + m.toolTokens : null;
}

/** What names a file's agent and version: its format (a link's sender's, when it came in a link) and usage. */
export interface VersionedFile {
  /** Absent for a session whose format is not known (a file followed before it was detected). */
  format?: string;
  /** The format of the file a link's transcript was read from: the agent, where `format` is the link's own. */
  sourceFormat?: string;
  usage?: { agentVersion?: string };
}

/** The lab's figure for the agent version a file names, as `labMeasured`. */
export function labMeasuredOf(file: VersionedFile): LabMeasured | undefined {
  const agent = file.sourceFormat ?? file.format;
  return agent ? labMeasured(agent, file.usage?.agentVersion) : undefined;
}

/** The lab's figure for the agent version a file names, as `labUnseenTokens`. */
export function labUnseenOf(file: VersionedFile): number | null {
  const m = labMeasuredOf(file);
  return m ? m.systemTokens + m.toolTokens : null;
}

/** The sentence the page and `inspect` show for a measured part. */
export function describeLabMeasured(m: LabMeasured): string {
  const total = formatCount(m.systemTokens + m.toolTokens);
  return `${m.name} ${m.version} sends ${total} tokens of system prompt and tools (${formatCount(m.systemTokens)} + ${formatCount(m.toolTokens)}, ${m.mode}), measured by the lab`;
}
