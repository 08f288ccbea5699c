import type { Archiver } from 'archiver';
import { createHash } from 'node:crypto';
import { Readable, Transform, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

export interface ZipEntry {
  name: string;
  size: number;
  sha256: string;
}

/**
 * A ZIP written as a stream (archiver), one entry after the other, each hashed (SHA-256) and
 * counted on its way in. `add` resolves once the entry is in the archive and the destination
 * has room again, so a slow client holds the producer back: memory stays flat whatever the size.
 */
export class ZipWriter {
  private readonly archive: Archiver;
  private failure: Error | undefined;
  private readonly done: Promise<void>;

  /** A ZIP written to `out` (archiver is loaded at the first archive, not at start). */
  static async to(out: Writable): Promise<ZipWriter> {
    const { default: archiver } = await import('archiver');
    return new ZipWriter(archiver('zip', { zlib: { level: 6 } }), out);
  }

  private constructor(
    archive: Archiver,
    private readonly out: Writable,
  ) {
    this.archive = archive;
    this.archive.on('warning', (e: Error) => (this.failure ??= e));
    this.archive.on('error', (e: Error) => (this.failure ??= e));
    this.done = pipeline(this.archive, out).catch((e: unknown) => {
      this.failure ??= e instanceof Error ? e : new Error(String(e));
      throw this.failure;
    });
    // Awaited by finish(); a failure before then surfaces there or in add().
    this.done.catch(() => undefined);
  }

  /**
   * Adds an entry. `store`: no compression (PDFs, images and Office files are compressed already).
   * Answers its size and SHA-256.
   */
  async add(name: string, source: Buffer | Readable | string, options: { store?: boolean; date?: Date } = {}): Promise<ZipEntry> {
    this.throwIfFailed();
    const hash = createHash('sha256');
    let size = 0;
    const entered = new Promise<void>((resolve, reject) => {
      const onEntry = (entry: { name: string }) => {
        if (entry.name !== name) return;
        this.archive.off('entry', onEntry);
        this.archive.off('error', onError);
        resolve();
      };
      const onError = (e: Error) => {
        this.archive.off('entry', onEntry);
        reject(e);
      };
      this.archive.on('entry', onEntry);
      this.archive.once('error', onError);
    });
    const data = { name, store: options.store ?? false, date: options.date ?? new Date() };
    if (typeof source === 'string' || Buffer.isBuffer(source)) {
      const bytes = typeof source === 'string' ? Buffer.from(source, 'utf8') : source;
      hash.update(bytes);
      size = bytes.length;
      this.archive.append(bytes, data);
      await entered;
    } else {
      const counter = new Transform({
        transform(chunk: Buffer, _encoding, callback) {
          hash.update(chunk);
          size += chunk.length;
          callback(null, chunk);
        },
      });
      this.archive.append(counter, data);
      await Promise.all([pipeline(source, counter), entered]);
    }
    await this.roomInDestination();
    this.throwIfFailed();
    return { name, size, sha256: hash.digest('hex') };
  }

  /** Ends the archive (central directory) and waits until the destination has it all. */
  async finish(): Promise<void> {
    this.throwIfFailed();
    await this.archive.finalize();
    await this.done;
  }

  /** Stops writing: the destination gets an incomplete archive (the client sees a failed download). */
  abort(): void {
    this.archive.abort();
  }

  private roomInDestination(): Promise<void> {
    return waitForRoom(this.out);
  }

  private throwIfFailed(): void {
    if (this.failure) throw this.failure;
    if (this.out.destroyed) throw new Error('The client went away');
  }
}

/** Resolves once a writable that asked to wait (write answered false) has drained, or closed. */
export async function waitForRoom(stream: Writable): Promise<void> {
  // Streams of the older readable-stream package (inside archiver) have no writableNeedDrain getter.
  const needDrain =
    stream.writableNeedDrain ?? (stream as unknown as { _writableState?: { needDrain?: boolean } })._writableState?.needDrain;
  if (!needDrain || stream.destroyed) return;
  // Whichever comes first; both listeners are removed then (none piles up on the response).
  // Plain listeners rather than events.once with an AbortSignal: aborting makes an error
  // object each time, and an export waits here thousands of times.
  await new Promise<void>((resolve) => {
    const done = () => {
      stream.off('drain', done);
      stream.off('close', done);
      resolve();
    };
    stream.on('drain', done);
    stream.on('close', done);
  });
}
