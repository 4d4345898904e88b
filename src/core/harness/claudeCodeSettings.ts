/**
 * What Claude Code's settings files and environment say about auto-compact,
 * read as Claude Code 2.1.328 reads them: the scopes in its order of
 * precedence, each file's `env` laid over the launching environment, and the
 * values its settings schema accepts. Pure: the files arrive parsed.
 */

/** Claude Code's settings scopes, lowest precedence first: a later scope's value wins. */
export const CLAUDE_SETTINGS_SCOPES = ['user', 'project', 'local', 'managed'] as const;
export type ClaudeSettingsScope = (typeof CLAUDE_SETTINGS_SCOPES)[number];

/** Where each scope's file lives, for messages. */
export const CLAUDE_SETTINGS_FILES: Record<ClaudeSettingsScope, string> = {
  user: '~/.claude/settings.json',
  project: '.claude/settings.json',
  local: '.claude/settings.local.json',
  managed: 'managed-settings.json',
};

/** The smallest auto-compact window Claude Code takes, in its settings and its environment alike. */
export const CLAUDE_CODE_MIN_WINDOW = 100_000;

/** The parsed settings files by scope, and `~/.claude.json` (its global config), as found. */
export interface ClaudeSettingsFiles {
  scopes: Partial<Record<ClaudeSettingsScope, unknown>>;
  globalConfig?: unknown;
}

/** Where a variable's value came from: the launching environment, or a file's `env`. */
export type EnvOrigin =
  { from: 'environment' } | { from: 'settings-env'; scope: ClaudeSettingsScope | 'global' };

/** One variable as Claude Code sees it after laying the files' `env` over the environment. */
export interface EnvValue {
  value: string;
  origin: EnvOrigin;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The variable `name` as Claude Code sees it. At start-up it assigns the
 * global config's `env`, then each settings scope's `env` in order, over
 * the process environment: the highest scope that sets it wins.
 */
export function envValue(
  name: string,
  env: Readonly<Record<string, string | undefined>>,
  files: ClaudeSettingsFiles,
): EnvValue | undefined {
  let found: EnvValue | undefined =
    env[name] !== undefined ? { value: env[name], origin: { from: 'environment' } } : undefined;
  const layers: [ClaudeSettingsScope | 'global', unknown][] = [
    ['global', files.globalConfig],
    ...CLAUDE_SETTINGS_SCOPES.map((s): [ClaudeSettingsScope, unknown] => [s, files.scopes[s]]),
  ];
  for (const [scope, file] of layers) {
    const fileEnv = isRecord(file) && isRecord(file.env) ? file.env : null;
    const value = fileEnv?.[name];
    if (value === undefined || value === null) continue;
    found = { value: String(value), origin: { from: 'settings-env', scope } };
  }
  return found;
}

/** How Claude Code reads a switch variable (`DISABLE_AUTO_COMPACT=1`): these words turn it on. */
export function isTruthy(value: string | undefined): boolean {
  return value !== undefined && ['1', 'true', 'yes', 'on'].includes(value.trim().toLowerCase());
}

/** A window the settings schema accepts: a whole number of at least 100,000 (anything else is dropped). */
function settingsWindow(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isInteger(value) && value >= CLAUDE_CODE_MIN_WINDOW
    ? value
    : undefined;
}

/**
 * The name Claude Code keys per-model settings by: its canonical model name,
 * which also matches the dated, `[1m]`, Bedrock and Vertex spellings.
 */
export function settingsKey(model: string): string {
  let name = model
    .trim()
    .toLowerCase()
    .replace(/\[1m\]$/, '');
  name = name.slice(name.lastIndexOf('/') + 1);
  const claude = name.indexOf('claude-');
  if (claude > 0) name = name.slice(claude);
  return name
    .replace(/@.*$/, '')
    .replace(/-v\d+(:\d+)?$/, '')
    .replace(/-\d{8}$/, '');
}

/** The `autoCompactWindow` in force, which scope set it, and whether a per-model entry did. */
export interface SettingsWindow {
  window: number | 'auto';
  scope: ClaudeSettingsScope;
  perModel: boolean;
}

/**
 * The settings' `autoCompactWindow` for `model`. Claude Code folds the
 * scopes in order: a scope that sets the top-level value replaces both the
 * default and the per-model entries gathered so far with its own; a scope
 * that sets only `modelSettings.<model>.autoCompactWindow` adds to them.
 * A per-model entry for the model wins over the default. Values the schema
 * refuses (below 100,000, not whole) are dropped, and said in `notes`.
 */
export function settingsAutoCompactWindow(
  files: ClaudeSettingsFiles,
  model: string | null,
  notes: string[],
): SettingsWindow | undefined {
  let fallback: SettingsWindow | undefined;
  let byModel: SettingsWindow | undefined;
  const key = model ? settingsKey(model) : null;
  for (const scope of CLAUDE_SETTINGS_SCOPES) {
    const file = files.scopes[scope];
    if (!isRecord(file)) continue;
    let own: SettingsWindow | undefined;
    if (key && isRecord(file.modelSettings)) {
      for (const [name, entry] of Object.entries(file.modelSettings)) {
        if (settingsKey(name) !== key || !isRecord(entry) || entry.autoCompactWindow === undefined) continue;
        const raw = entry.autoCompactWindow;
        const window = raw === 'auto' ? 'auto' : settingsWindow(raw);
        if (window === undefined) {
          notes.push(refused(`modelSettings["${name}"].autoCompactWindow`, raw, scope));
          continue;
        }
        // The exact spelling wins over another spelling of the same model.
        if (!own || name === model) own = { window, scope, perModel: true };
      }
    }
    if (file.autoCompactWindow !== undefined) {
      const window = settingsWindow(file.autoCompactWindow);
      if (window === undefined) {
        notes.push(refused('autoCompactWindow', file.autoCompactWindow, scope));
      } else {
        fallback = { window, scope, perModel: false };
        byModel = own;
        continue;
      }
    }
    if (own) byModel = own;
  }
  return byModel ?? fallback;
}

function refused(field: string, value: unknown, scope: ClaudeSettingsScope): string {
  return `${field} ${JSON.stringify(value)} in the ${scope} settings (${CLAUDE_SETTINGS_FILES[scope]}) is ignored: Claude Code takes a whole number of at least ${CLAUDE_CODE_MIN_WINDOW.toLocaleString('en-US')}`;
}

/**
 * `autoCompactEnabled` as Claude Code reads it: the highest settings scope
 * that sets it, else the global config (`~/.claude.json`, where `/config`
 * saves it), else on. Returns where the off came from, or null when on.
 */
export function autoCompactSwitchedOff(files: ClaudeSettingsFiles): string | null {
  for (const scope of [...CLAUDE_SETTINGS_SCOPES].reverse()) {
    const file = files.scopes[scope];
    if (isRecord(file) && typeof file.autoCompactEnabled === 'boolean')
      return file.autoCompactEnabled ? null : `autoCompactEnabled false in the ${scope} settings`;
  }
  const global = files.globalConfig;
  if (isRecord(global) && global.autoCompactEnabled === false)
    return 'autoCompactEnabled false in ~/.claude.json';
  return null;
}
