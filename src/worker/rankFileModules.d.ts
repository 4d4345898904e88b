/** The address of a tokenizer's rank file (scripts/rankFilesPlugin.ts). */
declare module 'virtual:rank-file/*' {
  const url: string;
  export default url;
}
