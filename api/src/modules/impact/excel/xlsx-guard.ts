import { HttpStatus } from '@nestjs/common';
import { FRAMEWORK_IMPORT_LIMITS } from '@impact-calls/domain';
import { promisify } from 'node:util';
import yauzl from 'yauzl';
import { AppError } from '../../../common/http/app-error.js';

export type ImportLimits = { -readonly [K in keyof typeof FRAMEWORK_IMPORT_LIMITS]: number };

/** A workbook refused before (or while) it is read: an i18n key, its parameters, an English message. */
export class WorkbookRejected extends Error {
  constructor(
    readonly key: string,
    readonly params: Record<string, string | number>,
    message: string,
  ) {
    super(message);
  }
}

/** The answer to a refused workbook: 413 for a file too large, else 400; the refusal is its one issue. */
export function workbookError(e: WorkbookRejected): AppError {
  const status = e.key === 'errors.impact.file-too-large' ? HttpStatus.PAYLOAD_TOO_LARGE : HttpStatus.BAD_REQUEST;
  return new AppError(status, e.key, e.message, { issues: [{ key: e.key, params: e.params, message: e.message }], truncated: false });
}

export const corrupt = () => new WorkbookRejected('errors.impact.file-corrupt', {}, 'The file is damaged and cannot be read');
export const tooManyRows = (rows: number, max: number, message = `The sheet has more than ${max} rows`) =>
  new WorkbookRejected('errors.impact.sheet-too-many-rows', { rows, max }, message);

const MB = 1024 * 1024;
const mb = (bytes: number) => Math.round((bytes / MB) * 10) / 10;
const unpacksTooLarge = (limits: ImportLimits) =>
  new WorkbookRejected(
    'errors.impact.zip-too-large',
    { max: mb(limits.maxUncompressedBytes) },
    `The workbook unpacks to more than ${mb(limits.maxUncompressedBytes)} MB`,
  );

const openZip = promisify<Buffer, yauzl.Options, yauzl.ZipFile>(yauzl.fromBuffer);

/** Counts a pattern across the chunks of a stream (a match may straddle two chunks). */
class Counter {
  count = 0;
  private carry = '';
  constructor(
    private readonly pattern: RegExp,
    private readonly length: number,
  ) {}

  feed(chunk: string): void {
    const text = this.carry + chunk;
    this.count += text.match(this.pattern)?.length ?? 0;
    // Keep fewer characters than a whole match, so nothing is counted twice.
    this.carry = text.slice(-(this.length - 1));
  }
}

const DIMENSION = /<(?:\w+:)?dimension\s+ref="([A-Z]+)(\d+)(?::([A-Z]+)(\d+))?"/;
const columnNumber = (letters: string) => [...letters].reduce((n, c) => n * 26 + c.charCodeAt(0) - 64, 0);

/**
 * The hostile-file guard, before exceljs sees a byte: sizes, entries, encryption, compression ratio (zip
 * bombs); then every entry is inflated, nothing kept, counting the worksheets' declared range, rows and cells.
 */
export async function guardWorkbook(buffer: Buffer, limits: ImportLimits): Promise<void> {
  if (buffer.length > limits.maxFileBytes) {
    const max = mb(limits.maxFileBytes);
    throw new WorkbookRejected('errors.impact.file-too-large', { max }, `The file is larger than ${max} MB`);
  }
  if (buffer.length < 4 || buffer.readUInt32LE(0) !== 0x04034b50)
    throw new WorkbookRejected('errors.impact.file-not-xlsx', {}, 'The file is not an Excel workbook (.xlsx)');
  const options = { lazyEntries: true, validateEntrySizes: true, decodeStrings: true, strictFileNames: false };
  const zip = await openZip(buffer, options).catch(() => {
    throw corrupt();
  });
  try {
    if (zip.entryCount > limits.maxZipEntries) {
      const max = limits.maxZipEntries;
      throw new WorkbookRejected('errors.impact.zip-too-many-entries', { max }, `The workbook has more than ${max} parts`);
    }
    await inflateAll(zip, limits);
  } finally {
    zip.close();
  }
}

function inflateAll(zip: yauzl.ZipFile, limits: ImportLimits): Promise<void> {
  let declared = 0;
  let unpacked = 0;
  let rowsSeen = 0;
  let cellsSeen = 0;
  let sawWorkbook = false;
  return new Promise((resolve, reject) => {
    let done = false;
    const settle = (e?: WorkbookRejected) => {
      if (done) return;
      done = true;
      if (e) reject(e);
      else resolve();
    };
    const fail = (e: unknown) => settle(e instanceof WorkbookRejected ? e : corrupt());
    zip.on('error', fail);
    zip.on('end', () =>
      settle(
        sawWorkbook
          ? undefined
          : new WorkbookRejected('errors.impact.file-not-xlsx', {}, 'The file is a zip archive but not an Excel workbook (.xlsx)'),
      ),
    );
    zip.on('entry', (entry: yauzl.Entry) => {
      if (done) return;
      if (entry.isEncrypted()) return fail(new WorkbookRejected('errors.impact.file-encrypted', {}, 'The workbook is encrypted'));
      if (entry.fileName === 'xl/workbook.xml') sawWorkbook = true;
      declared += entry.uncompressedSize;
      if (declared > limits.maxUncompressedBytes) return fail(unpacksTooLarge(limits));
      if (entry.uncompressedSize > MB && entry.uncompressedSize / Math.max(1, entry.compressedSize) > limits.maxCompressionRatio) {
        const max = limits.maxCompressionRatio;
        return fail(new WorkbookRejected('errors.impact.zip-ratio', { max }, `The workbook is compressed more than ${max} to 1`));
      }
      if (entry.fileName.endsWith('/')) return zip.readEntry();
      const isSheet = /^xl\/worksheets\/[^/]+\.xml$/i.test(entry.fileName);
      zip.openReadStream(entry, (err, stream) => {
        if (err || !stream) return fail(err);
        const stop = (e: WorkbookRejected) => {
          stream.destroy();
          fail(e);
        };
        const rows = new Counter(/<(?:\w+:)?row[\s>]/g, 5);
        const cells = new Counter(/<(?:\w+:)?c[\s>]/g, 3);
        let head = '';
        let headChecked = false;
        stream.on('data', (chunk: Buffer) => {
          if (done) return;
          unpacked += chunk.length;
          if (unpacked > limits.maxUncompressedBytes) return stop(unpacksTooLarge(limits));
          if (!isSheet) return;
          const text = chunk.toString('latin1');
          if (!headChecked) {
            // The declared range (<dimension ref="A1:J5001"/>) comes first in the sheet.
            head += text.slice(0, 4096);
            const dim = DIMENSION.exec(head);
            headChecked = !!dim || head.length >= 4096;
            const [lastRow, lastCol] = dim ? [Number(dim[4] ?? dim[2]), columnNumber(dim[3] ?? dim[1])] : [0, 0];
            const max = limits.maxRows;
            if (lastRow > max + 1)
              return stop(tooManyRows(lastRow, max, `The sheet declares ${lastRow} rows; at most ${max} are accepted`));
            if (lastCol > limits.maxColumns) {
              const columns = { columns: lastCol, max: limits.maxColumns };
              const message = `The sheet uses ${lastCol} columns; at most ${limits.maxColumns} are accepted`;
              return stop(new WorkbookRejected('errors.impact.sheet-too-many-columns', columns, message));
            }
          }
          rows.feed(text);
          cells.feed(text);
          if (rowsSeen + rows.count > limits.maxRows + 1) return stop(tooManyRows(rowsSeen + rows.count, limits.maxRows));
          if (cellsSeen + cells.count > limits.maxCells) {
            const max = limits.maxCells;
            return stop(new WorkbookRejected('errors.impact.sheet-too-many-cells', { max }, `The sheet has more than ${max} cells`));
          }
        });
        stream.on('error', fail);
        stream.on('end', () => {
          if (done) return;
          rowsSeen += rows.count;
          cellsSeen += cells.count;
          zip.readEntry();
        });
      });
    });
    zip.readEntry();
  });
}
