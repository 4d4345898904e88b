import type { Message } from '../core/message';
import type { JsonImporter } from './format';
import { ImportError } from './types';

export const anthropic: JsonImporter = {
  id: 'anthropic',
  detect: () => null,
  importValue() {
    throw new ImportError('internal', 'not implemented');
  },
};
export function exportAnthropic(messages: readonly Message[]): string {
  return JSON.stringify(messages);
}
