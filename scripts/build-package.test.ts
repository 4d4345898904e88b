/** How the package build writes the sources' extensionless imports for Node. */
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { explicitSpecifier } from './build-package';

const ROOT = resolve(import.meta.dirname, '..');
const FROM = join(ROOT, 'src/cli/main.ts');

describe('explicitSpecifier', () => {
  it('names the .js file of a relative import of a .ts file', () => {
    expect(explicitSpecifier('./inspect', FROM)).toBe('./inspect.js');
    expect(explicitSpecifier('../core/settings', FROM)).toBe('../core/settings.js');
  });

  it('names the index.js of a relative import of a folder', () => {
    expect(explicitSpecifier('../core', FROM)).toBe('../core/index.js');
  });

  it('leaves packages and explicit files alone', () => {
    expect(explicitSpecifier('js-tiktoken/ranks/o200k_base', FROM)).toBe('js-tiktoken/ranks/o200k_base');
    expect(explicitSpecifier('node:fs', FROM)).toBe('node:fs');
    expect(explicitSpecifier('./data.json', FROM)).toBe('./data.json');
  });

  it('refuses an import it cannot find, naming the file that has it', () => {
    expect(() => explicitSpecifier('./nowhere', FROM)).toThrow(
      `${FROM}: cannot resolve the import './nowhere' to a .ts file`,
    );
  });
});
