import type { JsonlImporter } from './format';
import { ImportError } from './types';

export const pi: JsonlImporter = {
  id: 'pi',
  detectRecords: () => null,
  start() {
    throw new ImportError('internal', 'not implemented');
  },
};
