import { describe, expect, it } from 'vitest';
import { commandPurpose, shellTouches } from './shellOps';

describe('shellTouches: edits made through the shell', () => {
  it.each([
    ["sed -i 's/old/new/' src/app.ts", ['src/app.ts']],
    ["sed -i.bak -e 's/a/b/' src/a.ts src/b.ts", ['src/a.ts', 'src/b.ts']],
    ["sed --in-place 's/a/b/' lib/x.py", ['lib/x.py']],
    ["perl -pi -e 's/foo/bar/g' config.yaml", ['config.yaml']],
    ['mv src/old.ts src/new.ts', ['src/old.ts', 'src/new.ts']],
    ['cp config.example.json config.json', ['config.json']],
    ['rm -f build/out.js', ['build/out.js']],
    ['echo "done" > notes.md', ['notes.md']],
    ['printf "x\\n" >> CHANGELOG.md', ['CHANGELOG.md']],
    ['npm test 2>&1 | tee test-output.log', ['test-output.log']],
    ["cat > src/util.ts <<'EOF'\nexport const cat = 1;\nsed -n 1p other.ts\nEOF", ['src/util.ts']],
    ['git checkout -- src/a.ts', ['src/a.ts']],
    ['cd repo && sed -i "s/x/y/" main.go', ['main.go']],
  ])('%s writes %j', (command, writes) => {
    const t = shellTouches(command);
    expect(t.writes).toEqual(writes);
    expect(t.edits).toBe(true);
  });

  it('reads the file a heredoc writes nothing from, and nothing of the heredoc body as commands', () => {
    expect(shellTouches("cat > src/util.ts <<'EOF'\nsed -n 1p other.ts\nEOF")).toEqual({
      reads: [],
      writes: ['src/util.ts'],
      edits: true,
    });
  });

  it("names the files of Codex's apply_patch heredoc", () => {
    const command =
      "apply_patch <<'EOF'\n*** Begin Patch\n*** Update File: src/a.ts\n@@\n-x\n+y\n*** Add File: src/b.ts\n+z\n*** End Patch\nEOF";
    expect(shellTouches(command)).toEqual({ reads: [], writes: ['src/a.ts', 'src/b.ts'], edits: true });
  });

  it('counts git apply and patch as edits though they name no file', () => {
    expect(shellTouches('git apply fix.patch')).toMatchObject({ writes: [], edits: true });
    expect(shellTouches('patch -p1 < fix.diff')).toEqual({ reads: ['fix.diff'], writes: [], edits: true });
  });

  it.each([
    ['sed -n 1,40p src/app.ts', ['src/app.ts']],
    ['cat package.json | head -20', ['package.json']],
    ['wc -l < data.csv', ['data.csv']],
    ["grep -n 'TODO' src/a.ts", []],
  ])('%s reads %j and edits nothing', (command, reads) => {
    expect(shellTouches(command)).toEqual({ reads, writes: [], edits: false });
  });

  it('sends output to /dev/null and other descriptors without writing a file', () => {
    expect(shellTouches('npm test > /dev/null 2>&1')).toEqual({ reads: [], writes: [], edits: false });
    expect(shellTouches('echo oops >&2')).toEqual({ reads: [], writes: [], edits: false });
  });

  it('keeps a quoted > inside an argument', () => {
    expect(shellTouches('echo "a > b.md"')).toEqual({ reads: [], writes: [], edits: false });
  });
});

describe('commandPurpose', () => {
  it.each([
    ['npm test', 'verify'],
    ['npm run lint', 'verify'],
    ['cd app && npx vitest run src/a.test.ts', 'verify'],
    ['CI=1 pnpm run build', 'verify'],
    ['cargo clippy', 'verify'],
    ['python -m pytest tests/test_dates.py', 'verify'],
    ['tsc --noEmit && eslint .', 'verify'],
    ['git status', 'gather'],
    ['git log --oneline -5', 'gather'],
    ['ls -la src', 'gather'],
    ["rg -n 'parseDate' src", 'gather'],
    ['npm install zod', 'other'],
    ["sed -i 's/a/b/' x.ts && npm test", 'other'],
  ])('%s is %s', (command, purpose) => {
    expect(commandPurpose(command)).toBe(purpose);
  });
});
