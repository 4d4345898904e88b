/**
 * What every built-in sample provides: its entry in the manifest the page
 * reads (`public/samples/index.json`, from the sample's `sample.json`) and
 * a builder that returns the file's text.
 */
export interface SampleEntry {
  id: string;
  name: string;
  format: 'claude-code' | 'openai-chat' | 'codex' | 'pi' | 'anthropic';
  file: string;
  description: string;
}

export interface Sample {
  entry: SampleEntry;
  /** The sample file, the same bytes on every call: everything is derived from fixed seeds. */
  build: () => string;
}
