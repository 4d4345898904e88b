import type { JsonlImporter } from './format';
import { ImportError } from './types';

export const codex: JsonlImporter = {
  id: 'codex',
  detectRecords: () => null,
  start() {
    throw new ImportError('internal', 'not implemented');
  },
};
