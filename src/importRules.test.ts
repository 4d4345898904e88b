/**
 * The folder rules of every CONTEXT.md are lint rules that `npm test` runs:
 * a core file that reaches for the UI fails the build, not a code review.
 */
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint();

async function restrictedImports(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

describe('import rules between the folders of src', () => {
  it('refuse a core file that imports from src/ui, or the stores', async () => {
    const code =
      "import { App } from '../ui/App';\nimport { create } from 'zustand';\nexport const x = [App, create];\n";
    expect(await restrictedImports('src/core/anything.ts', code)).toEqual([
      "'../ui/App' import is restricted from being used by a pattern. src/core may import only its own files (see src/core/CONTEXT.md).",
      "'zustand' import is restricted from being used by a pattern. src/core does not use this package.",
    ]);
  });

  it('refuse the share code importing the stores, and product code importing test tooling', async () => {
    expect(
      await restrictedImports(
        'src/share/anything.ts',
        "import { useUi } from '../state/uiStore';\nexport const y = useUi;\n",
      ),
    ).toHaveLength(1);
    expect(
      await restrictedImports(
        'src/cli/anything.ts',
        "import { startMockLlm } from '../../testing/mock-llm/server';\nexport const z = startMockLlm;\n",
      ),
    ).toHaveLength(1);
  });

  it('refuse the stores importing the app layer, and the app layer importing the ui', async () => {
    expect(
      await restrictedImports(
        'src/state/anything.ts',
        "import { useStartup } from '../app/startup';\nexport const s = useStartup;\n",
      ),
    ).toEqual([
      "'../app/startup' import is restricted from being used by a pattern. src/state may import only src/core, src/formats, src/providers, src/archive, src/share, src/worker (see src/state/CONTEXT.md).",
    ]);
    expect(
      await restrictedImports(
        'src/app/anything.ts',
        "import { App } from '../ui/App';\nexport const a = App;\n",
      ),
    ).toHaveLength(1);
    expect(
      await restrictedImports(
        'src/ui/anything.ts',
        "import { useStartup } from '../app/startup';\nexport const u = useStartup;\n",
      ),
    ).toEqual([]);
  });

  it('refuse the shared case code reaching for the file system, the worker or the command line', async () => {
    const code =
      "import { readFile } from 'node:fs/promises';\nimport { Session } from '../worker/session';\nimport { UsageError } from '../cli/io';\nexport const c = [readFile, Session, UsageError];\n";
    expect(await restrictedImports('src/cases/anything.ts', code)).toEqual([
      "'node:fs/promises' import is restricted from being used by a pattern. src/cases does not use this package.",
      "'../worker/session' import is restricted from being used by a pattern. src/cases may import only src/core, src/formats, src/providers (see src/cases/CONTEXT.md).",
      "'../cli/io' import is restricted from being used by a pattern. src/cases may import only src/core, src/formats, src/providers (see src/cases/CONTEXT.md).",
    ]);
    expect(
      await restrictedImports(
        'src/worker/anything.ts',
        "import { runCases } from '../cases/caseRun';\nexport const w = runCases;\n",
      ),
    ).toEqual([]);
  });

  it('refuse a preset importing the settings or the core files that run presets, and the page importing prepare', async () => {
    const preset =
      "import { summaryBudget } from '../settings';\nimport { findBoundary } from '../prepare';\nimport { harnessOutcome } from '../harnessOutcome';\nimport { formatCount } from '../numbers';\nexport const p = [summaryBudget, findBoundary, harnessOutcome, formatCount];\n";
    const floor =
      'import is restricted from being used by a pattern. src/core/harness defines the presets: it may not import the core files that read or run them (see src/core/harness/CONTEXT.md).';
    expect(await restrictedImports('src/core/harness/anything.ts', preset)).toEqual([
      `'../settings' ${floor}`,
      `'../prepare' ${floor}`,
      `'../harnessOutcome' ${floor}`,
    ]);
    // The folder's own rules still hold beside the floor's.
    expect(
      await restrictedImports(
        'src/core/harness/anything.ts',
        "import { App } from '../../ui/App';\nexport const a = App;\n",
      ),
    ).toEqual([
      "'../../ui/App' import is restricted from being used by a pattern. src/core may import only its own files (see src/core/CONTEXT.md).",
    ]);
    expect(
      await restrictedImports(
        'src/core/harnessOutcome.ts',
        "import { summaryBudget } from './settings';\nimport { presetOf } from './harness/registry';\nexport const o = [summaryBudget, presetOf];\n",
      ),
    ).toEqual([]);
    expect(
      await restrictedImports(
        'src/ui/Workbench.tsx',
        "import { planFromIndex } from '../core/prepare';\nimport { cutForKeepRecent } from '../core/analysis';\nexport const w = [planFromIndex, cutForKeepRecent];\n",
      ),
    ).toEqual([
      "'../core/prepare' import is restricted from being used by a pattern. The page reaches the cut through src/core/analysis.ts; prepare.ts is for the worker and the CLI.",
    ]);
  });

  it('let each folder import what its CONTEXT.md allows', async () => {
    const ok = "import { analyze } from '../core/analysis';\nexport const a = analyze;\n";
    for (const folder of ['formats', 'providers', 'share', 'cases', 'worker', 'state', 'cli', 'ui']) {
      expect(await restrictedImports(`src/${folder}/anything.ts`, ok)).toEqual([]);
    }
    expect(
      await restrictedImports(
        'src/cli/anything.test.ts',
        "import { startMockLlm } from '../../testing/mock-llm/server';\nexport const z = startMockLlm;\n",
      ),
    ).toEqual([]);
  });
});
