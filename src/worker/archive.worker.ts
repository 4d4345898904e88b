/**
 * One of the page's archive workers: each request it is sent answered by
 * `archiveJob.ts` (its row, and for "Replay all" its replay).
 */
import type { ArchiveReply, ArchiveRequest } from './archiveProtocol';
import { answerArchive } from './archiveJob';
import { loadFromRankFiles } from './rankFiles';

// The tokenizer's ranks come from the rank files the build writes, not the packaged modules.
loadFromRankFiles();

self.onmessage = (event: MessageEvent<ArchiveRequest>) =>
  void answerArchive(event.data, (reply: ArchiveReply) => self.postMessage(reply));
