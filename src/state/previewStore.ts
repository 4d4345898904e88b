/** The last preview result, shared with the share dialog and the address bar. */
import { create } from 'zustand';
import type { PreviewResult } from '../worker/protocol';

export const usePreviewResult = create<{
  result: PreviewResult | null;
  set(result: PreviewResult | null): void;
}>()((set) => ({
  result: null,
  set: (result) => set({ result }),
}));
