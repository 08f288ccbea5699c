import { createRequire } from 'node:module';
import type { Writable } from 'node:stream';
import { Worker } from 'node:worker_threads';
import { endWritable, waitForRoom } from './zip-writer.js';

/**
 * exceljs's streaming writer in a worker thread with a capped heap (its per-cell garbage collected early, the main
 * thread free); flow control both ways keeps memory flat. Plain CommonJS in a string: the same in build and tests.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { Writable } = require('node:stream');
const ExcelJS = require(workerData.exceljsPath);

// The bytes go to the main thread one chunk at a time: the next is taken once it is written.
let written;
parentPort.on('message', (m) => { if (m.type === 'written' && written) { const w = written; written = undefined; w(); } });
const out = new Writable({
  highWaterMark: 64 * 1024,
  write(chunk, _encoding, callback) {
    written = () => callback();
    const copy = new Uint8Array(chunk);
    parentPort.postMessage({ type: 'data', chunk: copy }, [copy.buffer]);
  },
  final(callback) { callback(); },
});

const room = (s) => {
  const needDrain = s.writableNeedDrain ?? (s._writableState && s._writableState.needDrain);
  if (!needDrain || s.destroyed) return undefined;
  return new Promise((resolve) => {
    const done = () => { s.off('drain', done); s.off('close', done); resolve(); };
    s.on('drain', done); s.on('close', done);
  });
};
// exceljs's sheet stream writes into the ZIP's deflater without waiting: wait for its destinations and the output.
const settle = async (ws) => {
  for (const dest of [...((ws.stream && ws.stream.pipes) || []), out]) await room(dest);
};

const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false, zip: { zlib: { level: 1 } } });
wb.creator = workerData.creator;
wb.created = new Date();
// One style object per column and one for rows: exceljs renders a style to XML to find its id
// unless it has seen that very object before (a WeakMap); each cell otherwise gets a new copy.
const ROW_STYLE = {};
let ws, styles;

async function handle(m) {
  if (m.type === 'sheet') {
    // The sheet before is written out first: an open sheet would hold the later ones in memory.
    if (ws) ws.commit();
    ws = wb.addWorksheet(m.name, { views: [{ state: 'frozen', ySplit: 1 }] });
    ws.columns = m.columns.map((c) => ({ header: c.header, key: c.key, width: c.width, ...(c.numFmt ? { style: { numFmt: c.numFmt } } : {}) }));
    ws.getRow(1).font = { bold: true };
    styles = m.columns.map((c) => (c.numFmt ? { numFmt: c.numFmt } : {}));
  } else if (m.type === 'rows') {
    for (let i = 0; i < m.rows.length; i++) {
      const row = ws.addRow(m.rows[i]);
      row.style = ROW_STYLE;
      for (let c = 0; c < styles.length; c++) row.getCell(c + 1).style = styles[c];
      row.commit();
      if (i % 200 === 199) await settle(ws);
    }
    await settle(ws);
  } else if (m.type === 'finish') {
    if (ws) ws.commit();
    await wb.commit();
    await new Promise((resolve) => (out.writableFinished ? resolve() : out.once('finish', resolve)));
    parentPort.postMessage({ type: 'done' });
    return;
  }
  parentPort.postMessage({ type: 'ack' });
}
// One message after the other (a handler waits for room; the next must not start meanwhile).
let queue = Promise.resolve();
parentPort.on('message', (m) => {
  if (m.type === 'written') return;
  queue = queue.then(() => handle(m)).catch((e) => parentPort.postMessage({ type: 'error', message: String((e && e.stack) || e) }));
});
`;

/** The worker's heap: exceljs keeps about a row in flight, so a few tens of megabytes are plenty. */
export const WORKER_LIMITS = { maxOldGenerationSizeMb: 48, maxYoungGenerationSizeMb: 8 };
/** Rows posted at once, and batches the worker may have waiting after a page. */
export const ROWS_PER_BATCH = 500;
const BATCHES_IN_FLIGHT = 2;

const exceljsPath = createRequire(import.meta.url).resolve('exceljs');

export type XlsxColumn = { key: string; header: string; width: number; numFmt?: string };

type FromWorker = { type: 'data'; chunk: Uint8Array } | { type: 'ack' } | { type: 'done' } | { type: 'error'; message: string };

/** An .xlsx written by exceljs in a worker thread into `out` (not ended before finish()). */
export class XlsxWorkerWriter {
  private readonly worker: Worker;
  private batch: unknown[][] = [];
  private inFlight = 0;
  private failure: Error | undefined;
  private wake: (() => void) | undefined;
  private done = false;
  private writing = Promise.resolve();

  constructor(
    private readonly out: Writable,
    creator: string,
  ) {
    this.worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { exceljsPath, creator }, resourceLimits: WORKER_LIMITS });
    this.worker.on('message', (m: FromWorker) => this.onMessage(m));
    this.worker.on('error', (e: Error & { code?: string }) =>
      this.fail(e.code === 'ERR_WORKER_OUT_OF_MEMORY' ? new Error('The spreadsheet worker ran out of memory') : e),
    );
    this.worker.on('exit', () => this.fail(new Error('The spreadsheet worker stopped')));
    this.out.once('close', () => this.fail(new Error('The client went away')));
  }

  /** Starts a sheet (the one before is ended). */
  async sheet(name: string, columns: XlsxColumn[]): Promise<void> {
    await this.post({ type: 'sheet', name, columns });
  }

  /** Adds a row, posted with its batch (copied out of this thread): call room() after each page, so the page dies young. */
  add(values: unknown[]): void {
    this.batch.push(values);
    if (this.batch.length >= ROWS_PER_BATCH) this.postBatch();
  }

  /** Posts the rows added so far and waits while more than BATCHES_IN_FLIGHT batches wait for the worker. */
  async room(): Promise<void> {
    if (this.batch.length) this.postBatch();
    await this.until(() => this.inFlight <= BATCHES_IN_FLIGHT);
  }

  /** Ends the workbook: resolves once every byte is written to `out` (which is then ended). */
  async finish(): Promise<void> {
    await this.post({ type: 'finish' });
    await this.until(() => this.done);
    await this.writing;
    this.throwIfFailed();
    await endWritable(this.out);
    await this.worker.terminate();
  }

  async abort(): Promise<void> {
    await this.worker.terminate();
  }

  private postBatch(): void {
    this.throwIfFailed();
    this.inFlight++;
    this.worker.postMessage({ type: 'rows', rows: this.batch });
    this.batch = [];
  }

  /** Posts what the batch holds and a message, and waits until the worker has done them all. */
  private async post(message: object): Promise<void> {
    if (this.batch.length) this.postBatch();
    this.throwIfFailed();
    this.inFlight++;
    this.worker.postMessage(message);
    await this.until(() => this.inFlight === 0);
  }

  /** Waits until `ready` holds (checked after each answer of the worker), or throws the failure. */
  private async until(ready: () => boolean): Promise<void> {
    for (;;) {
      this.throwIfFailed();
      if (ready()) return;
      await new Promise<void>((resolve) => (this.wake = resolve));
    }
  }

  private onMessage(m: FromWorker): void {
    if (m.type === 'ack' || m.type === 'done') {
      this.done ||= m.type === 'done';
      this.inFlight--;
      this.wakeUp();
    } else if (m.type === 'data') {
      // In order: each chunk after the previous one's room in the response.
      this.writing = this.writing
        .then(async () => {
          if (this.failure) return;
          this.out.write(m.chunk);
          await waitForRoom(this.out);
          this.worker.postMessage({ type: 'written' });
        })
        // Awaited only by finish(): a failure here must stop the export, not go unhandled.
        .catch((e: unknown) => this.fail(e instanceof Error ? e : new Error(String(e))));
    } else {
      this.fail(new Error(`The spreadsheet worker failed: ${m.message}`));
    }
  }

  private fail(e: Error): void {
    this.failure ??= e;
    this.wakeUp();
  }

  private wakeUp(): void {
    const w = this.wake;
    this.wake = undefined;
    w?.();
  }

  private throwIfFailed(): void {
    if (this.failure) throw this.failure;
  }
}
