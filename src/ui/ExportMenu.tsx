/** The export menu: the loaded or compacted messages in another format, made by the worker. */
import { useId } from 'react';
import type { ExportFormatId } from '../formats/types';
import { workerClient } from '../worker/client';

const EXPORTS: { id: ExportFormatId; label: string; suffix: string }[] = [
  { id: 'openai-chat', label: 'OpenAI Chat Completions', suffix: 'openai-chat' },
  { id: 'anthropic', label: 'Anthropic Messages', suffix: 'anthropic' },
  { id: 'canonical', label: 'Compaction Playground JSON', suffix: 'playground' },
];

function download(text: string, fileName: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Downloads the loaded or the compacted message list in another format. */
export function ExportMenu({
  which,
  stem,
  label,
}: {
  which: 'loaded' | 'compacted';
  stem: string;
  label: string;
}) {
  const id = useId();
  return (
    <>
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <select
        id={id}
        data-testid={`export-${which}`}
        value=""
        onChange={async (e) => {
          const format = EXPORTS.find((x) => x.id === e.target.value);
          if (!format) return;
          const text = await workerClient.request('export', { format: format.id, which }).result;
          download(
            text,
            `${stem.replace(/\.[a-z0-9]+$/i, '')}.${which === 'compacted' ? 'compacted.' : ''}${format.suffix}.json`,
          );
        }}
      >
        <option value="">{label}</option>
        {EXPORTS.map((x) => (
          <option key={x.id} value={x.id}>
            {x.label}
          </option>
        ))}
      </select>
    </>
  );
}
