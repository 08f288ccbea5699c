import type { Archiver } from 'archiver';
import { createHash } from 'node:crypto';
import { Readable, Transform, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

export type ZipEntry = { name: string; size: number; sha256: string };

/**
 * A ZIP streamed with archiver, each entry hashed (SHA-256). `add` waits for room in the destination, so a slow
 * client holds the producer back; the first failure ends every wait, and a stopped archive is never ended as if whole.
 */
export class ZipWriter {
  private failure: Error | undefined;
  private readonly stop = new AbortController();

  /** Writes a ZIP into `out` with `work`, then finishes it; stops it at the first failure (archiver is loaded at the first archive). */
  static async write(out: Writable, work: (zip: ZipWriter) => Promise<void>): Promise<void> {
    const { default: archiver } = await import('archiver');
    const zip = new ZipWriter(archiver('zip', { zlib: { level: 6 } }), out);
    try {
      await work(zip);
      // The central directory, then the destination's end, once every byte of the archive has gone to it.
      zip.throwIfFailed();
      const ended = new Promise<void>((resolve) => zip.archive.once('end', resolve));
      await zip.unlessStopped(zip.archive.finalize());
      await zip.unlessStopped(ended);
      zip.throwIfFailed();
      await zip.unlessStopped(endWritable(out));
    } catch (err) {
      // The destination is left incomplete: its owner cuts it, and the client sees a failed download.
      zip.fail(new Error('The archive was stopped'));
      zip.archive.abort();
      throw err;
    }
  }

  private constructor(
    private readonly archive: Archiver,
    private readonly out: Writable,
  ) {
    const fail = (e: unknown) => this.fail(e);
    this.archive.on('warning', fail);
    this.archive.on('error', fail);
    this.out.on('error', fail);
    this.out.on('close', () => {
      if (!this.out.writableFinished) this.fail(new Error('The client went away'));
    });
    this.archive.pipe(this.out, { end: false });
  }

  /** Adds an entry and answers its size and SHA-256. `store`: no compression (PDFs, images and Office files are compressed already). */
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

  private fail(e: unknown): void {
    if (this.failure) return;
    this.failure = e instanceof Error ? e : new Error(String(e));
    this.archive.unpipe(this.out);
    this.stop.abort(this.failure);
  }

  /** `work`, or the failure if first; work left behind keeps its handler (no unhandled rejection); the listener goes once it settles. */
  private unlessStopped<T>(work: Promise<T>): Promise<T> {
    const signal = this.stop.signal;
    return new Promise<T>((resolve, reject) => {
      const onStop = () => reject(this.failure);
      if (signal.aborted) onStop();
      else signal.addEventListener('abort', onStop, { once: true });
      work
        .then(resolve, (e: unknown) => reject(e instanceof Error ? e : new Error(String(e))))
        .finally(() => signal.removeEventListener('abort', onStop));
    });
  }

  private throwIfFailed(): void {
    if (this.failure) throw this.failure;
    if (this.out.destroyed) throw new Error('The client went away');
  }
}

/** Ends a writable and resolves once it has finished; rejects if it closes first (a destroyed response never calls end()'s callback). */
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

/** Resolves once a writable that asked to wait has drained or closed (plain listeners: an abort signal costs an error each time). */
export async function waitForRoom(stream: Writable): Promise<void> {
  // Streams of the older readable-stream package (inside archiver) have no writableNeedDrain getter.
  const needDrain =
    stream.writableNeedDrain ?? (stream as unknown as { _writableState?: { needDrain?: boolean } })._writableState?.needDrain;
  if (!needDrain || stream.destroyed) return;
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
