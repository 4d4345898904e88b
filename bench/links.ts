/** Share link lengths for each built-in sample: full, settings-only and minimal. */
import { readFileSync } from 'node:fs';
import { loadEstimator } from '../src/core/estimate';
import { DEFAULT_SETTINGS } from '../src/core/settings';
import { importTranscript } from '../src/formats/registry';
import { measureLink } from '../src/share/measure';
import type { Figure } from './stats';

interface Sample {
  id: string;
  name: string;
  file: string;
}

export async function linksBench(): Promise<Figure[]> {
  const samples = JSON.parse(readFileSync('public/samples/index.json', 'utf8')) as Sample[];
  const figures: Figure[] = [];
  const estimator = await loadEstimator(DEFAULT_SETTINGS.tokenizer, DEFAULT_SETTINGS.scale);
  for (const sample of samples) {
    const messages = importTranscript(readFileSync(`public/samples/${sample.file}`, 'utf8')).messages;
    const lengths = await measureLink(
      { messages, transcriptName: sample.file, settings: DEFAULT_SETTINGS },
      estimator,
      'http://localhost:5173/',
    );
    figures.push(
      {
        section: 'share links',
        name: `${sample.name}: full link`,
        value: lengths.full,
        unit: 'characters',
        note: 'address-bar limit about 2 MB',
      },
      {
        section: 'share links',
        name: `${sample.name}: settings-only link`,
        value: lengths.settingsOnly,
        unit: 'characters',
        target: '≤ 2,000',
        meets: lengths.settingsOnly <= 2000,
      },
      {
        section: 'share links',
        name: `${sample.name}: minimal link`,
        value: lengths.minimal,
        unit: 'characters',
        target: '≤ 2,000',
        meets: lengths.minimal <= 2000,
      },
    );
  }
  return figures;
}
