/**
 * The window field's paste: Claude Code settings (a settings.json, or its
 * environment lines) set the window as Claude Code would on the loaded
 * file's model, and the note under the field says which one did.
 */
import { useCallback } from 'react';
import { claudeCodePasteWindow } from '../../core/harness/claudeCodePaste';
import { useSettings } from '../../state/settingsStore';

export function useClaudeCodePaste(): (text: string) => boolean {
  const update = useSettings((s) => s.update);
  const usage = useSettings((s) => s.fileUsage);
  return useCallback(
    (text: string) => {
      const pasted = claudeCodePasteWindow(text, usage?.model ?? null, usage?.contextWindow ?? null);
      if (!pasted) return false;
      update(
        { maxContextTokens: pasted.window.window },
        { from: 'agent', agent: 'Claude Code', source: pasted.source },
      );
      return true;
    },
    [update, usage],
  );
}
