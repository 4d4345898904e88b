/**
 * The tokenizers' rank files (`src/core/rankFile.ts`) for the page's workers.
 * `import url from 'virtual:rank-file/o200k_base'` gives the address of the
 * file made from js-tiktoken's packaged ranks: in a build, an asset emitted
 * next to the chunks; on the dev server, a path this plugin answers itself.
 */
import type { Plugin } from 'vite';
import { encodeRankFile } from '../src/core/rankFileEncode.ts';

const PREFIX = 'virtual:rank-file/';
const RESOLVED = '\0rank-file:';
const DEV_PATH = '/@rank-file/';
const ENCODINGS = ['o200k_base', 'cl100k_base'] as const;
type Encoding = (typeof ENCODINGS)[number];

const made = new Map<Encoding, Promise<Uint8Array>>();

/** The rank file of `id`, made once per process. */
export function rankFile(id: Encoding): Promise<Uint8Array> {
  let file = made.get(id);
  if (!file) {
    file = (
      id === 'o200k_base' ? import('js-tiktoken/ranks/o200k_base') : import('js-tiktoken/ranks/cl100k_base')
    ).then(({ default: ranks }) => encodeRankFile(ranks.bpe_ranks, ranks.pat_str));
    made.set(id, file);
  }
  return file;
}

function encodingOf(name: string): Encoding {
  const id = ENCODINGS.find((e) => e === name);
  if (!id) throw new Error(`No rank file for "${name}": the encodings are ${ENCODINGS.join(', ')}`);
  return id;
}

export function rankFilesPlugin(): Plugin {
  let serving = false;
  return {
    name: 'rank-files',
    configResolved(config) {
      serving = config.command === 'serve';
    },
    resolveId(source) {
      return source.startsWith(PREFIX) ? RESOLVED + encodingOf(source.slice(PREFIX.length)) : null;
    },
    async load(id) {
      if (!id.startsWith(RESOLVED)) return null;
      const encoding = encodingOf(id.slice(RESOLVED.length));
      if (serving) return `export default ${JSON.stringify(`${DEV_PATH}${encoding}.bpe`)};`;
      const ref = this.emitFile({ type: 'asset', name: `${encoding}.bpe`, source: await rankFile(encoding) });
      return `export default import.meta.ROLLUP_FILE_URL_${ref};`;
    },
    configureServer(server) {
      server.middlewares.use(DEV_PATH, (request, response, next) => {
        const name = /^\/([a-z0-9_]+)\.bpe$/.exec(request.url ?? '')?.[1];
        const id = ENCODINGS.find((e) => e === name);
        if (!id) return next();
        rankFile(id).then(
          (file) => {
            response.setHeader('Content-Type', 'application/octet-stream');
            response.end(file);
          },
          (error: unknown) => next(error),
        );
      });
    },
  };
}
