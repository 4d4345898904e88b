import type { JsonImporter } from './format';
import { ImportError } from './types';

export const langchain: JsonImporter = {
  id: 'langchain',
  detect: () => null,
  importValue() {
    throw new ImportError('internal', 'not implemented');
  },
};
