/**
 * The share dialog's state: the choices that shape the links, the worker's
 * answer for them and the "Add text back" form (the modal itself is
 * `useModalDialog`). The dialog reads these and lays them out; what it says
 * comes from `shareView.ts`.
 */
import { useEffect, useState } from 'react';
import { DEFAULT_ADDED_OPENING_CHARS, type IndexRange } from '../../share/minimal';
import { usePreviewResult } from '../../state/previewStore';
import { workerClient } from '../../worker/client';
import type { ShareLinks } from '../../worker/protocol';
import { currentLinkState } from './shareState';
import { pageUrl, rangesToAdd } from './shareView';

/**
 * The links for the page as it is and the choices made in the dialog, built
 * by the worker again whenever one changes while the dialog is open. An
 * answer that arrives after a newer request is dropped.
 */
export function useShareLink(open: boolean) {
  const preview = usePreviewResult((s) => s.result);
  const [includePreview, setIncludePreview] = useState(true);
  const [redactSecrets, setRedactSecrets] = useState(true);
  const [redactContent, setRedactContent] = useState(false);
  const [include, setInclude] = useState<IndexRange[]>([]);
  const [links, setLinks] = useState<ShareLinks | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!open) return;
    let current = true;
    const state = currentLinkState(includePreview ? preview : null);
    workerClient
      .request('share', {
        state,
        options: { redactSecrets, redactContent, include, pageUrlLength: pageUrl().length },
      })
      .result.then(
        (value) => current && (setLinks(value), setError(null)),
        (e: unknown) => current && setError(e instanceof Error ? e.message : String(e)),
      );
    return () => {
      current = false;
    };
  }, [open, includePreview, redactSecrets, redactContent, preview, include]);

  return {
    /** Whether there is a preview result to include. */
    hasPreview: !!preview,
    includePreview: includePreview && !!preview,
    setIncludePreview,
    redactSecrets,
    setRedactSecrets,
    redactContent,
    setRedactContent,
    /** The ranges whose text the minimal link carries besides the cut. */
    include,
    setInclude,
    links,
    error,
    building: !links && !error,
  };
}

/**
 * The "Add text back" form: the messages typed, the characters of each or
 * the whole text, and what is wrong with them. A valid submit adds its
 * ranges after the ones already added and empties the messages field.
 */
export function useAddRangesForm(include: IndexRange[], onInclude: (ranges: IndexRange[]) => void) {
  const [text, setText] = useState('');
  const [chars, setChars] = useState(String(DEFAULT_ADDED_OPENING_CHARS));
  const [whole, setWhole] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const submit = () => {
    const added = rangesToAdd({ text, chars, whole });
    if ('error' in added) {
      setProblem(added.error);
      return;
    }
    setProblem(null);
    setText('');
    onInclude([...include, ...added.ranges]);
  };
  return { text, setText, chars, setChars, whole, setWhole, problem, submit };
}

/** Saves the repro bundle as a file through a temporary object URL. */
export function downloadBundle(bundle: { text: string; fileName: string }): void {
  const url = URL.createObjectURL(new Blob([bundle.text], { type: 'application/json' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = bundle.fileName;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
