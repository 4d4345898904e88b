import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { claudeCodeWindowOnDisk, claudeSettingsPlaces, managedSettingsDir } from './claudeSettings';
import { statusline, type WindowResolver } from './statusline';
import { scratch } from './testSupport.node';

/** A home, a project and a managed folder of the test's own, with the settings files given by scope. */
function machine(files: {
  user?: object;
  project?: object;
  local?: object;
  managed?: object;
  global?: object;
}) {
  const root = scratch('claude-settings-').dir;
  const home = join(root, 'home');
  const project = join(root, 'project');
  const managed = join(root, 'managed');
  for (const dir of [join(home, '.claude'), join(project, '.claude'), managed])
    mkdirSync(dir, { recursive: true });
  const write = (path: string, value: object | undefined) =>
    value && writeFileSync(path, JSON.stringify(value));
  write(join(home, '.claude', 'settings.json'), files.user);
  write(join(home, '.claude.json'), files.global);
  write(join(project, '.claude', 'settings.json'), files.project);
  write(join(project, '.claude', 'settings.local.json'), files.local);
  write(join(managed, 'managed-settings.json'), files.managed);
  return { home, project, managed };
}

async function statusOn(m: ReturnType<typeof machine>, env: Record<string, string>, argv: string[] = []) {
  const out: string[] = [];
  const resolve: WindowResolver = (r) => claudeCodeWindowOnDisk({ ...r, managedDir: m.managed });
  const stdin = JSON.stringify({
    model: { id: 'claude-sonnet-4-5[1m]' },
    workspace: { current_dir: m.project },
    context_window: {
      context_window_size: 1_000_000,
      current_usage: { input_tokens: 100_000, cache_read_input_tokens: 0, cache_creation_input_tokens: 0 },
    },
  });
  await statusline(
    argv,
    { out: (t) => out.push(t), err: (t) => out.push(t) },
    async () => stdin,
    { HOME: m.home, ...env },
    async () => null,
    resolve,
  );
  return out;
}

describe("Claude Code's settings files on disk", () => {
  it('are looked for where Claude Code looks: CLAUDE_CONFIG_DIR or ~/.claude, the project, the platform', () => {
    expect(claudeSettingsPlaces({ HOME: '/h' }, '/p', '/etc/claude-code')).toEqual({
      scopes: {
        user: '/h/.claude/settings.json',
        project: '/p/.claude/settings.json',
        local: '/p/.claude/settings.local.json',
        managed: '/etc/claude-code/managed-settings.json',
      },
      globalConfig: '/h/.claude.json',
    });
    expect(claudeSettingsPlaces({ HOME: '/h', CLAUDE_CONFIG_DIR: '/c' }, null).scopes.user).toBe(
      '/c/settings.json',
    );
    expect([managedSettingsDir('linux'), managedSettingsDir('darwin')]).toEqual([
      '/etc/claude-code',
      '/Library/Application Support/ClaudeCode',
    ]);
  });

  it('statusline: the user settings set the window, and the line says so', async () => {
    expect(await statusOn(machine({ user: { autoCompactWindow: 400_000 } }), {})).toEqual([
      'context 10% (100k/1M) · auto-compact in 267k (400k window, user settings)',
    ]);
  });

  it('statusline: project over user, local over project, managed over all', async () => {
    const files = {
      user: { autoCompactWindow: 300_000 },
      project: { autoCompactWindow: 400_000 },
      local: { autoCompactWindow: 500_000 },
    };
    expect(await statusOn(machine({ user: files.user, project: files.project }), {})).toEqual([
      'context 10% (100k/1M) · auto-compact in 267k (400k window, project settings)',
    ]);
    expect(await statusOn(machine(files), {})).toEqual([
      'context 10% (100k/1M) · auto-compact in 367k (500k window, local settings)',
    ]);
    expect(await statusOn(machine({ ...files, managed: { autoCompactWindow: 200_000 } }), {})).toEqual([
      'context 10% (100k/1M) · auto-compact in 67k (200k window, managed settings)',
    ]);
  });

  it('statusline: the environment variable beats the files; a settings env beats the shell', async () => {
    const m = machine({ managed: { autoCompactWindow: 200_000 } });
    expect(await statusOn(m, { CLAUDE_CODE_AUTO_COMPACT_WINDOW: '600k' })).toEqual([
      'context 10% (100k/1M) · auto-compact in 467k (600k window, CLAUDE_CODE_AUTO_COMPACT_WINDOW)',
    ]);
    const withEnv = machine({ project: { env: { CLAUDE_CODE_AUTO_COMPACT_WINDOW: '300000' } } });
    expect(await statusOn(withEnv, { CLAUDE_CODE_AUTO_COMPACT_WINDOW: '600k' })).toEqual([
      'context 10% (100k/1M) · auto-compact in 167k (300k window, CLAUDE_CODE_AUTO_COMPACT_WINDOW in project env)',
    ]);
  });

  it('statusline: the off switch in ~/.claude.json, and the 1M switch', async () => {
    expect(await statusOn(machine({ global: { autoCompactEnabled: false } }), {})).toEqual([
      'context 10% (100k/1M) · auto-compact off (autoCompactEnabled false in ~/.claude.json)',
    ]);
    expect(await statusOn(machine({}), { DISABLE_AUTO_COMPACT: '1' })).toEqual([
      'context 10% (100k/1M) · auto-compact off (DISABLE_AUTO_COMPACT=1)',
    ]);
  });

  it('statusline --claude-settings DIR reads the project settings under DIR', async () => {
    const m = machine({});
    const other = machine({ project: { autoCompactWindow: 250_000 } });
    expect(await statusOn(m, {}, ['--claude-settings', other.project])).toEqual([
      'context 10% (100k/1M) · auto-compact in 117k (250k window, project settings)',
    ]);
  });

  it('a settings file that is not JSON is skipped, with a note naming it', () => {
    const m = machine({ project: { autoCompactWindow: 250_000 } });
    writeFileSync(join(m.project, '.claude', 'settings.local.json'), '{ nope');
    const w = claudeCodeWindowOnDisk({
      env: { HOME: m.home },
      project: m.project,
      model: 'claude-sonnet-4-5[1m]',
      managedDir: m.managed,
    });
    expect(w.window).toBe(250_000);
    expect(w.notes).toHaveLength(1);
    expect(w.notes[0]).toMatch(/settings\.local\.json: not JSON/);
  });
});
