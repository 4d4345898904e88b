/** The paste box: a transcript's text, Load, and its size. */
import { useTranscript, type LoadRequest } from '../../state/transcriptStore';
import { bytes } from '../format';

export function PasteBox({
  id,
  pasteText,
  setPasteText,
  loading,
  load,
  onLoaded,
}: {
  id: string;
  pasteText: string;
  setPasteText: (text: string) => void;
  /** A load is under way: Load waits for it. */
  loading: boolean;
  load: (request: LoadRequest) => Promise<boolean>;
  /** The pasted text loaded, and the box still holds it. */
  onLoaded: () => void;
}) {
  return (
    <div className="paste" id={id}>
      <label htmlFor={`${id}-text`} className="visually-hidden">
        Transcript text
      </label>
      <textarea
        id={`${id}-text`}
        data-testid="paste-input"
        value={pasteText}
        spellCheck={false}
        placeholder="Paste a transcript: Claude Code or Codex JSONL, an OpenAI / Anthropic / Gemini request, LangChain messages, or plain User: / Assistant: text"
        onChange={(e) => setPasteText(e.target.value)}
      />
      <div className="paste-actions">
        <button
          type="button"
          className="primary"
          data-testid="paste-load"
          disabled={!pasteText.trim() || loading}
          onClick={async () => {
            // A pasted transcript that loads has done its job: the box gives the page back.
            // One that fails stays open with the text, to be fixed and tried again, and so
            // does a box whose text was changed while the load ran.
            const text = pasteText;
            const loaded = await load({ source: { kind: 'text', text }, sourceName: 'Pasted text' });
            if (loaded && useTranscript.getState().pasteText === text) onLoaded();
          }}
        >
          Load
        </button>
        <span className="muted">{pasteText ? bytes(new Blob([pasteText]).size) : ''}</span>
      </div>
    </div>
  );
}
