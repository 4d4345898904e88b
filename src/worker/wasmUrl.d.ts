/** The address Vite gives sql.js's WebAssembly (`?url`), typed for the tests' tsconfig too. */
declare module 'sql.js/dist/sql-wasm-browser.wasm?url' {
  const url: string;
  export default url;
}
