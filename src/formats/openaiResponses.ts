import type { JsonImporter } from './format';
import { ImportError } from './types';

export const openaiResponses: JsonImporter = {
  id: 'openai-responses',
  detect: () => null,
  importValue() {
    throw new ImportError('internal', 'not implemented');
  },
};
