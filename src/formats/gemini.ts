import type { JsonImporter } from './format';
import { ImportError } from './types';

export const gemini: JsonImporter = {
  id: 'gemini',
  detect: () => null,
  importValue() {
    throw new ImportError('internal', 'not implemented');
  },
};
