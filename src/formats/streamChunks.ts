/**
 * A Web stream read as an async iterable, which the importers take: Node has
 * `for await` over a `ReadableStream`, but not every browser the page runs in
 * does. The reader's lock is released however the reading ends.
 */
export async function* streamChunks<T>(stream: ReadableStream<T>): AsyncGenerator<T> {
  const reader = stream.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      yield value;
    }
  } finally {
    reader.releaseLock();
  }
}
