import type { JsonlImporter } from './format';
import { ImportError } from './types';

export const claudeCode: JsonlImporter = {
  id: 'claude-code',
  detectRecords: () => null,
  start() {
    throw new ImportError('internal', 'not implemented');
  },
};
