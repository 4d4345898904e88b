/**
 * The files a patch in the `apply_patch` envelope touches. Codex writes every
 * change this way, so without reading the envelope its edits name no file at
 * all, and a summary of a Codex session loses the whole trail of changes.
 */

/** Tools whose argument is a patch in the `*** Begin Patch` envelope. */
export const PATCH_TOOLS: readonly string[] = ['apply_patch'];

export type PatchAccess = 'write' | 'edit';

export interface PatchFile {
  path: string;
  access: PatchAccess;
}

const FILE_HEADER = /^\*\*\* (Add|Update|Delete) File: (.+)$/;
const MOVE_TO = /^\*\*\* Move to: (.+)$/;

/**
 * The patch text of a call's arguments: a JSON string (the freeform tool), or
 * an object carrying it under `input` or `patch`; anything else has none.
 */
export function patchText(args: string): string | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(args);
  } catch {
    return args.includes('*** Begin Patch') ? args : undefined;
  }
  if (typeof parsed === 'string') return parsed;
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return undefined;
  const record = parsed as Record<string, unknown>;
  for (const key of ['input', 'patch']) if (typeof record[key] === 'string') return record[key] as string;
  return undefined;
}

/** Each file the patch adds, updates, deletes or moves to, in order, once. */
export function patchFiles(patch: string): PatchFile[] {
  const out: PatchFile[] = [];
  const seen = new Set<string>();
  const push = (path: string, access: PatchAccess) => {
    const trimmed = path.trim();
    if (!trimmed || seen.has(trimmed)) return;
    seen.add(trimmed);
    out.push({ path: trimmed, access });
  };
  for (const line of patch.split('\n')) {
    const header = FILE_HEADER.exec(line.trimEnd());
    if (header) {
      push(header[2], header[1] === 'Add' ? 'write' : 'edit');
      continue;
    }
    const moved = MOVE_TO.exec(line.trimEnd());
    if (moved) push(moved[1], 'write');
  }
  return out;
}

/** The lines a patch adds (without their `+`), where changed code is written. */
export function patchAddedLines(patch: string): string[] {
  return patch
    .split('\n')
    .filter((line) => line.startsWith('+') && !line.startsWith('+++'))
    .map((line) => line.slice(1));
}
