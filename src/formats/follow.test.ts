import { describe, expect, it } from 'vitest';
import { Follower, READ_SLICE_BYTES, type FollowSink, type GrowingSource } from './follow';
import { MAX_IMPORT_BYTES } from './sizeLimit';

/** A file in memory that a test grows, truncates, replaces and deletes; it records every read. */
class MemoryFile implements GrowingSource {
  bytes: Uint8Array | null = new Uint8Array(0);
  identity: string | undefined = 'ino-1';
  /** The modification time it reports; undefined, as a browser file gives none. */
  modified: number | undefined;
  reads: [number, number][] = [];
  /** Pretend size, for files too large to hold. */
  fakeSize: number | undefined;

  append(text: string | Uint8Array): void {
    const add = typeof text === 'string' ? new TextEncoder().encode(text) : text;
    const next = new Uint8Array((this.bytes?.length ?? 0) + add.length);
    if (this.bytes) next.set(this.bytes);
    next.set(add, this.bytes?.length ?? 0);
    this.bytes = next;
  }

  write(text: string, identity = this.identity): void {
    this.bytes = new TextEncoder().encode(text);
    this.identity = identity;
  }

  async state() {
    if (!this.bytes) return null;
    return { size: this.fakeSize ?? this.bytes.length, identity: this.identity, modified: this.modified };
  }

  async read(from: number, to: number) {
    this.reads.push([from, to]);
    return (this.bytes ?? new Uint8Array(0)).slice(from, to);
  }
}

class Collect implements FollowSink {
  text = '';
  resets = 0;
  append(text: string): void {
    this.text += text;
  }
  reset(): void {
    this.text = '';
    this.resets++;
  }
}

function setup() {
  const file = new MemoryFile();
  const sink = new Collect();
  return { file, sink, follower: new Follower(file, sink) };
}

describe('Follower', () => {
  it('reads only the bytes appended since the last poll (and its first and last 1,024 and 256 read, to know it is the same file)', async () => {
    const { file, sink, follower } = setup();
    file.append('a'.repeat(2000) + '\n');
    expect(await follower.poll()).toEqual({ kind: 'appended', bytes: 2001 });
    file.reads = [];
    file.append('b'.repeat(49) + '\n');
    expect(await follower.poll()).toEqual({ kind: 'appended', bytes: 50 });
    expect(file.reads).toEqual([
      [0, 1024],
      [2001 - 256, 2001],
      [2001, 2051],
    ]);
    expect(sink.text).toBe(`${'a'.repeat(2000)}\n${'b'.repeat(49)}\n`);
  });

  it('a file rewritten in place at the same size (same inode, a later modification time) is read again from the start', async () => {
    const { file, sink, follower } = setup();
    file.modified = 1000;
    file.append('{"a":1}\n');
    await follower.poll();
    file.write('{"b":2}\n');
    expect(await follower.poll()).toEqual({ kind: 'unchanged' });
    file.modified = 2000;
    expect(await follower.poll()).toEqual({ kind: 'restarted', reason: 'replaced', bytes: 8 });
    expect(sink).toMatchObject({ text: '{"b":2}\n', resets: 1 });
    // The same time again: nothing new.
    expect(await follower.poll()).toEqual({ kind: 'unchanged' });
  });

  it('a file that grew and was written since is appended to, not restarted: a later time alone is an append', async () => {
    const { file, sink, follower } = setup();
    file.modified = 1000;
    file.append('x\n');
    await follower.poll();
    file.modified = 2000;
    file.append('y\n');
    expect(await follower.poll()).toEqual({ kind: 'appended', bytes: 2 });
    expect(sink).toMatchObject({ text: 'x\ny\n', resets: 0 });
  });

  it('nothing new: unchanged, and nothing is read', async () => {
    const { file, follower } = setup();
    file.append('x\n');
    await follower.poll();
    file.reads = [];
    expect(await follower.poll()).toEqual({ kind: 'unchanged' });
    expect(file.reads).toEqual([]);
  });

  it('a burst of appends between two polls is one event with all their bytes', async () => {
    const { file, sink, follower } = setup();
    await follower.poll();
    for (const line of ['one\n', 'two\n', 'three\n']) file.append(line);
    expect(await follower.poll()).toEqual({ kind: 'appended', bytes: 14 });
    expect(sink.text).toBe('one\ntwo\nthree\n');
  });

  it('a character whose bytes arrive in two appends is decoded whole', async () => {
    const { file, sink, follower } = setup();
    const snowman = new TextEncoder().encode('☃\n');
    file.append(snowman.slice(0, 1));
    await follower.poll();
    expect(sink.text).toBe('');
    file.append(snowman.slice(1));
    await follower.poll();
    expect(sink.text).toBe('☃\n');
  });

  it('a file shorter than what was read was truncated: the reader starts again from byte 0', async () => {
    const { file, sink, follower } = setup();
    file.append('first line\nsecond line\n');
    await follower.poll();
    file.write('new\n');
    expect(await follower.poll()).toEqual({ kind: 'restarted', reason: 'truncated', bytes: 4 });
    expect(sink).toMatchObject({ text: 'new\n', resets: 1 });
  });

  it('another inode at the path was replaced, even when it is longer', async () => {
    const { file, sink, follower } = setup();
    file.append('old\n');
    await follower.poll();
    file.write('old\nand more\n', 'ino-2');
    expect(await follower.poll()).toEqual({ kind: 'restarted', reason: 'replaced', bytes: 13 });
    expect(sink.text).toBe('old\nand more\n');
  });

  it('without an identity (a browser file), other first bytes mean another file', async () => {
    const { file, sink, follower } = setup();
    file.identity = undefined;
    file.append('{"a":1}\n');
    await follower.poll();
    file.write('{"b":2}\n{"c":3}\n');
    expect(await follower.poll()).toEqual({ kind: 'restarted', reason: 'replaced', bytes: 16 });
    expect(sink.resets).toBe(1);
  });

  it('without an identity, a longer file with the same first bytes but others where the reading stopped is another file', async () => {
    const { file, sink, follower } = setup();
    file.identity = undefined;
    // Longer than the 1,024 bytes compared at the start: only the bytes where the reading stopped differ.
    const common = `{"isSidechain":false,"cwd":"/home/${'d'.repeat(1100)}","type":"user","uuid":"`;
    file.append(`${common}one"}\n`);
    await follower.poll();
    file.write(`${common}two"}\n${common}three"}\n`);
    expect(await follower.poll()).toEqual({
      kind: 'restarted',
      reason: 'replaced',
      bytes: 2 * common.length + 'two"}\nthree"}\n'.length,
    });
    expect(sink.text).toBe(`${common}two"}\n${common}three"}\n`);
  });

  it('a deleted file is reported once, then waited for; when it is back it is read from the start', async () => {
    const { file, sink, follower } = setup();
    file.append('before\n');
    await follower.poll();
    file.bytes = null;
    expect(await follower.poll()).toEqual({ kind: 'deleted' });
    expect(await follower.poll()).toEqual({ kind: 'unchanged' });
    file.write('after\n');
    expect(await follower.poll()).toEqual({ kind: 'restarted', reason: 'replaced', bytes: 6 });
    expect(sink.text).toBe('after\n');
  });

  it('a growth larger than one slice is read in slices, never one buffer', async () => {
    const { file, follower } = setup();
    file.append(new Uint8Array(READ_SLICE_BYTES * 2 + 10).fill(0x61));
    expect(await follower.poll()).toEqual({ kind: 'appended', bytes: READ_SLICE_BYTES * 2 + 10 });
    expect(file.reads.map(([from, to]) => to - from)).toEqual([READ_SLICE_BYTES, READ_SLICE_BYTES, 10]);
  });

  it('a file over the import limit fails once with the limit in words, and is not read', async () => {
    const { file, follower } = setup();
    file.append('x\n');
    file.fakeSize = MAX_IMPORT_BYTES + 1;
    const event = await follower.poll();
    expect(event.kind).toBe('failed');
    if (event.kind === 'failed') expect(event.error.message).toMatch(/^The file is too large to import/);
    expect(await follower.poll()).toEqual({ kind: 'unchanged' });
    expect(file.reads).toEqual([]);
  });
});
