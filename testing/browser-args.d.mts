export const PLAYWRIGHT_DISABLED: readonly string[];
export const NEVER_SHOWN: readonly string[];
export const BROWSER_ARGS: string[];
