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
 *
 * The first failure (the destination closed early, the archive or an entry's source failed, or
 * abort()) stops the writer: every wait in it ends with that failure, the source of the entry
 * being added is destroyed, and nothing more reaches the destination. The archive never ends the
 * destination itself: only finish() does, so a stopped archive can never look whole.
 */
export class ZipWriter {
  private readonly archive: Archiver;
  private failure: Error | undefined;
  /** Aborted at the first failure: every wait in the writer ends then, and the source of the entry being added is destroyed. */
  private readonly stop = new AbortController();

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
    const fail = (e: unknown) => this.fail(e);
    this.archive.on('warning', fail);
    this.archive.on('error', fail);
    this.out.on('error', fail);
    this.out.on('close', () => {
      if (!this.out.writableFinished) this.fail(new Error('The client went away'));
    });
    this.archive.pipe(this.out, { end: false });
  }

  /**
   * Adds an entry. `store`: no compression (PDFs, images and Office files are compressed already).
   * Answers its size and SHA-256.
   */
  async add(name: string, source: Buffer | Readable | string, options: { store?: boolean; date?: Date } = {}): Promise<ZipEntry> {
    if (this.failure || this.out.destroyed) {
      // A stream handed over is this writer's to close (an open file, a storage response).
      if (source instanceof Readable) source.destroy();
      this.throwIfFailed();
    }
    const hash = createHash('sha256');
    let size = 0;
    const entered = new Promise<void>((resolve) => {
      const onEntry = (entry: { name: string }) => {
        if (entry.name !== name) return;
        this.archive.off('entry', onEntry);
        resolve();
      };
      this.archive.on('entry', onEntry);
    });
    const data = { name, store: options.store ?? false, date: options.date ?? new Date() };
    if (typeof source === 'string' || Buffer.isBuffer(source)) {
      const bytes = typeof source === 'string' ? Buffer.from(source, 'utf8') : source;
      hash.update(bytes);
      size = bytes.length;
      this.archive.append(bytes, data);
      await this.unlessStopped(entered);
    } else {
      const counter = new Transform({
        transform(chunk: Buffer, _encoding, callback) {
          hash.update(chunk);
          size += chunk.length;
          callback(null, chunk);
        },
      });
      this.archive.append(counter, data);
      // The signal destroys the source when the writer stops, so nothing waits on it (nor holds it open).
      await this.unlessStopped(Promise.all([pipeline(source, counter, { signal: this.stop.signal }), entered]));
    }
    await this.unlessStopped(waitForRoom(this.out));
    this.throwIfFailed();
    return { name, size, sha256: hash.digest('hex') };
  }

  /** Ends the archive (central directory), then the destination, and waits until the destination has it all. */
  async finish(): Promise<void> {
    this.throwIfFailed();
    // Every byte of the archive has gone to the destination once it has ended.
    const ended = new Promise<void>((resolve) => this.archive.once('end', resolve));
    await this.unlessStopped(this.archive.finalize());
    await this.unlessStopped(ended);
    this.throwIfFailed();
    await this.unlessStopped(endWritable(this.out));
  }

  /** Stops writing: the destination is left as it is, incomplete (its owner cuts it: the client sees a failed download). */
  abort(): void {
    this.fail(new Error('The archive was stopped'));
    this.archive.abort();
  }

  private fail(e: unknown): void {
    if (this.failure) return;
    this.failure = e instanceof Error ? e : new Error(String(e));
    this.archive.unpipe(this.out);
    this.stop.abort(this.failure);
  }

  /**
   * `work`, or the writer's failure if that comes first; work left behind then still has its
   * handler here, so its own failure later is not an unhandled rejection. The abort listener is
   * removed as soon as the work settles (an export waits here for each of thousands of entries).
   */
  private unlessStopped<T>(work: Promise<T>): Promise<T> {
    const signal = this.stop.signal;
    return new Promise<T>((resolve, reject) => {
      const onStop = () => reject(this.failure);
      if (signal.aborted) onStop();
      else signal.addEventListener('abort', onStop, { once: true });
      work.then(
        (value) => {
          signal.removeEventListener('abort', onStop);
          resolve(value);
        },
        (e: unknown) => {
          signal.removeEventListener('abort', onStop);
          reject(e instanceof Error ? e : new Error(String(e)));
        },
      );
    });
  }

  private throwIfFailed(): void {
    if (this.failure) throw this.failure;
    if (this.out.destroyed) throw new Error('The client went away');
  }
}

/**
 * Ends a writable and resolves once it has finished (every byte handed on); rejects if it
 * closes first. A destroyed HTTP response never calls end()'s callback: waiting on it would
 * wait forever.
 */
export function endWritable(stream: Writable): Promise<void> {
  if (stream.writableFinished) return Promise.resolve();
  if (stream.destroyed) return Promise.reject(new Error('The client went away'));
  return new Promise<void>((resolve, reject) => {
    const done = (e?: Error) => {
      stream.off('finish', onFinish);
      stream.off('close', onClose);
      if (e) reject(e);
      else resolve();
    };
    const onFinish = () => done();
    const onClose = () => done(stream.writableFinished ? undefined : new Error('The client went away'));
    stream.on('finish', onFinish);
    stream.on('close', onClose);
    stream.end();
  });
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
