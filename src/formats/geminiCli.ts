import type { JsonImporter, JsonlImporter } from './format';
import { ImportError } from './types';

export const geminiCliJson: JsonImporter = {
  id: 'gemini-cli',
  detect: () => null,
  importValue() {
    throw new ImportError('internal', 'not implemented');
  },
};
export const geminiCliJsonl: JsonlImporter = {
  id: 'gemini-cli',
  detectRecords: () => null,
  start() {
    throw new ImportError('internal', 'not implemented');
  },
};
