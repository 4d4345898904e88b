/** What `parseArgs` gives back: each option's value as typed, a flag's as true. */
export type Values = Record<string, string | boolean | undefined>;
