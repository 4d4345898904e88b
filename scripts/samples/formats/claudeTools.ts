import type { Project } from '../lib/project';

export interface ToolRun {
  name: string;
  input: Record<string, unknown>;
  result: string;
  isError?: boolean;
  /** The UI-side copy Claude Code stores next to each result (`toolUseResult`). */
  ui: unknown;
}

/**
 * The tools Claude Code offers, run against the sample project: each returns
 * what the model sent, what it got back, and the copy Claude Code keeps for
 * its own UI (`toolUseResult`), computed from the project's current text.
 * `listed` names files that exist in the project but whose text the session
 * never needs: a glob lists them, nothing reads them.
 */
export function claudeTools(p: Project, listed: readonly string[] = []) {
  return {
    read(path: string, offset?: number, limit?: number): ToolRun {
      const input: Record<string, unknown> = { file_path: p.abs(path) };
      if (offset !== undefined) input.offset = offset;
      if (limit !== undefined) input.limit = limit;
      const start = offset ?? 1;
      const result = p.numbered(path, start, limit);
      const lines = p.text(path).replace(/\n$/, '').split('\n');
      const shown = lines.slice(start - 1, start - 1 + (limit ?? 2000));
      return {
        name: 'Read',
        input,
        result,
        ui: {
          type: 'text',
          file: {
            filePath: p.abs(path),
            content: shown.join('\n'),
            numLines: shown.length,
            startLine: start,
            totalLines: lines.length,
          },
        },
      };
    },
    grep(
      pattern: string,
      opts: { path?: string; glob?: string; mode?: 'content' | 'files_with_matches'; context?: number } = {},
    ): ToolRun {
      const mode = opts.mode ?? 'files_with_matches';
      const under = opts.path ? p.rel(opts.path) : '';
      const globRe = opts.glob
        ? new RegExp(
            `${opts.glob
              .replace(/\./g, '\\.')
              .replace(/\*\*\//g, '(.*/)?')
              .replace(/\*/g, '[^/]*')}$`,
          )
        : null;
      const hits = p.grep(
        new RegExp(pattern),
        (f) => (!under || f === under || f.startsWith(`${under}/`)) && (!globRe || globRe.test(f)),
      );
      const files = [...new Set(hits.map((h) => h.slice(0, h.indexOf(':'))))];
      const input: Record<string, unknown> = { pattern };
      if (opts.path) input.path = p.abs(opts.path);
      if (opts.glob) input.glob = opts.glob;
      input.output_mode = mode;
      if (mode === 'content') input['-n'] = true;
      if (opts.context) input['-C'] = opts.context;
      const withContext = (): string => {
        const out: string[] = [];
        for (const file of files) {
          const lines = p.text(file).split('\n');
          const matches = new Set(
            hits
              .filter((h) => h.startsWith(`${file}:`))
              .map((h) => Number(h.slice(file.length + 1).split(':')[0])),
          );
          let last = -1;
          for (const m of [...matches].sort((a, b) => a - b)) {
            const from = Math.max(1, m - opts.context!);
            const to = Math.min(lines.length, m + opts.context!);
            if (last !== -1 && from > last + 1) out.push('--');
            for (let k = Math.max(from, last + 1); k <= to; k++)
              out.push(
                `${file}${matches.has(k) ? ':' : '-'}${k}${matches.has(k) ? ':' : '-'}${lines[k - 1]}`,
              );
            last = to;
          }
        }
        return out.join('\n');
      };
      const result =
        mode === 'content'
          ? hits.length
            ? opts.context
              ? withContext()
              : hits.join('\n')
            : 'No matches found'
          : files.length
            ? `Found ${files.length} file${files.length === 1 ? '' : 's'}\n${files.join('\n')}`
            : 'No files found';
      return {
        name: 'Grep',
        input,
        result,
        ui:
          mode === 'content'
            ? { mode, numFiles: 0, filenames: [], content: result, numLines: hits.length }
            : { mode, numFiles: files.length, filenames: files },
      };
    },
    glob(pattern: string): ToolRun {
      const re = new RegExp(
        `^${pattern
          .replace(/\./g, '\\.')
          .replace(/\*\*\//g, '(.*/)?')
          .replace(/\*(?!\))/g, '[^/]*')}$`,
      );
      const files = [...new Set([...p.files.keys(), ...listed])]
        .filter((f) => re.test(f))
        .sort()
        .map((f) => p.abs(f));
      return {
        name: 'Glob',
        input: { pattern },
        result: files.join('\n') || 'No files found',
        ui: { filenames: files, durationMs: 31, numFiles: files.length, truncated: false },
      };
    },
    edit(path: string, oldString: string, newString: string): ToolRun {
      const line = p.edit(path, oldString, newString);
      const from = Math.max(1, line - 4);
      const to = Math.min(p.lineCount(path), line + newString.split('\n').length + 4);
      return {
        name: 'Edit',
        input: { file_path: p.abs(path), old_string: oldString, new_string: newString },
        result: `The file ${p.abs(path)} has been updated. Here's the result of running \`cat -n\` on a snippet of the edited file:\n${p.numbered(path, from, to - from + 1)}`,
        ui: {
          filePath: p.abs(path),
          oldString,
          newString,
          replaceAll: false,
          userModified: false,
          structuredPatch: [
            {
              oldStart: line,
              oldLines: oldString.split('\n').length,
              newStart: line,
              newLines: newString.split('\n').length,
            },
          ],
        },
      };
    },
    write(path: string, content: string): ToolRun {
      p.write(path, content);
      return {
        name: 'Write',
        input: { file_path: p.abs(path), content },
        result: `File created successfully at: ${p.abs(path)}`,
        ui: { type: 'create', filePath: p.abs(path), content, structuredPatch: [] },
      };
    },
    bash(command: string, description: string, output: string, isError = false, timeout?: number): ToolRun {
      const input: Record<string, unknown> = { command, description };
      if (timeout) input.timeout = timeout;
      return {
        name: 'Bash',
        input,
        result: output,
        isError,
        ui: { stdout: output, stderr: '', interrupted: false, isImage: false },
      };
    },
    todos(items: [string, 'pending' | 'in_progress' | 'completed', string][]): ToolRun {
      const todos = items.map(([content, status, activeForm]) => ({ content, status, activeForm }));
      return {
        name: 'TodoWrite',
        input: { todos },
        result:
          'Todos have been modified successfully. Ensure that you continue to use the todo list to track your progress. Please proceed with the current tasks if applicable',
        ui: { oldTodos: [], newTodos: todos },
      };
    },
  };
}

export type ClaudeTools = ReturnType<typeof claudeTools>;
