import type { JsonImporter } from './format';
import { ImportError } from './types';

export const opencode: JsonImporter = {
  id: 'opencode',
  detect: () => null,
  importValue() {
    throw new ImportError('internal', 'not implemented');
  },
};
