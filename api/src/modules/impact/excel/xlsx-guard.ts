import { FRAMEWORK_IMPORT_LIMITS } from '@impact-calls/domain';
import yauzl from 'yauzl';

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

const MB = 1024 * 1024;
const mb = (bytes: number) => Math.round((bytes / MB) * 10) / 10;

/** What the guard learnt about the workbook's sheets while inflating them. */
export interface WorkbookShape {
  entries: number;
  uncompressedBytes: number;
  /** Rows and cells really present in every worksheet together. */
  rows: number;
  cells: number;
}

function openZip(buffer: Buffer): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buffer, { lazyEntries: true, validateEntrySizes: true, decodeStrings: true, strictFileNames: false }, (err, zip) =>
      err ? reject(err) : resolve(zip),
    );
  });
}

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
    this.pattern.lastIndex = 0;
    this.count += text.match(this.pattern)?.length ?? 0;
    // Keep fewer characters than a whole match, so nothing is counted twice.
    this.carry = text.slice(-(this.length - 1));
  }
}

const DIMENSION = /<(?:\w+:)?dimension\s+ref="([A-Z]+)(\d+)(?::([A-Z]+)(\d+))?"/;
const columnNumber = (letters: string) => [...letters].reduce((n, c) => n * 26 + c.charCodeAt(0) - 64, 0);

/**
 * The hostile-file guard, run before exceljs sees a byte: file size, zip signature, entry
 * count, encryption, declared unpacked size and compression ratio (zip bombs), then every
 * entry is inflated with yauzl (which checks the real size against the declared one) while
 * the worksheets' declared range, rows and cells are counted. Nothing is kept in memory.
 */
export async function guardWorkbook(buffer: Buffer, limits: ImportLimits = FRAMEWORK_IMPORT_LIMITS): Promise<WorkbookShape> {
  if (buffer.length > limits.maxFileBytes) {
    throw new WorkbookRejected(
      'errors.impact.file-too-large',
      { max: mb(limits.maxFileBytes) },
      `The file is larger than ${mb(limits.maxFileBytes)} MB`,
    );
  }
  if (buffer.length < 4 || buffer.readUInt32LE(0) !== 0x04034b50) {
    throw new WorkbookRejected('errors.impact.file-not-xlsx', {}, 'The file is not an Excel workbook (.xlsx)');
  }
  let zip: yauzl.ZipFile;
  try {
    zip = await openZip(buffer);
  } catch {
    throw new WorkbookRejected('errors.impact.file-corrupt', {}, 'The file is damaged and cannot be read');
  }
  try {
    if (zip.entryCount > limits.maxZipEntries) {
      throw new WorkbookRejected(
        'errors.impact.zip-too-many-entries',
        { max: limits.maxZipEntries },
        `The workbook has more than ${limits.maxZipEntries} parts`,
      );
    }
    return await inflateAll(zip, limits);
  } finally {
    zip.close();
  }
}

function inflateAll(zip: yauzl.ZipFile, limits: ImportLimits): Promise<WorkbookShape> {
  const shape: WorkbookShape = { entries: 0, uncompressedBytes: 0, rows: 0, cells: 0 };
  let declared = 0;
  let sawWorkbook = false;
  return new Promise((resolve, reject) => {
    let done = false;
    const fail = (e: unknown) => {
      if (done) return;
      done = true;
      reject(
        e instanceof WorkbookRejected
          ? e
          : new WorkbookRejected('errors.impact.file-corrupt', {}, 'The file is damaged and cannot be read'),
      );
    };
    zip.on('error', fail);
    zip.on('end', () => {
      if (done) return;
      done = true;
      if (!sawWorkbook)
        reject(new WorkbookRejected('errors.impact.file-not-xlsx', {}, 'The file is a zip archive but not an Excel workbook (.xlsx)'));
      else resolve(shape);
    });
    zip.on('entry', (entry: yauzl.Entry) => {
      if (done) return;
      shape.entries++;
      if (entry.isEncrypted()) return fail(new WorkbookRejected('errors.impact.file-encrypted', {}, 'The workbook is encrypted'));
      if (entry.fileName === 'xl/workbook.xml') sawWorkbook = true;
      declared += entry.uncompressedSize;
      if (declared > limits.maxUncompressedBytes) {
        return fail(
          new WorkbookRejected(
            'errors.impact.zip-too-large',
            { max: mb(limits.maxUncompressedBytes) },
            `The workbook unpacks to more than ${mb(limits.maxUncompressedBytes)} MB`,
          ),
        );
      }
      if (entry.uncompressedSize > MB && entry.uncompressedSize / Math.max(1, entry.compressedSize) > limits.maxCompressionRatio) {
        return fail(
          new WorkbookRejected(
            'errors.impact.zip-ratio',
            { max: limits.maxCompressionRatio },
            `The workbook is compressed more than ${limits.maxCompressionRatio} to 1`,
          ),
        );
      }
      if (/\/$/.test(entry.fileName)) return zip.readEntry();
      const isSheet = /^xl\/worksheets\/[^/]+\.xml$/i.test(entry.fileName);
      zip.openReadStream(entry, (err, stream) => {
        if (err || !stream) return fail(err);
        const rows = new Counter(/<(?:\w+:)?row[\s>]/g, 5);
        const cells = new Counter(/<(?:\w+:)?c[\s>]/g, 3);
        let head = '';
        let headChecked = false;
        stream.on('data', (chunk: Buffer) => {
          if (done) return;
          shape.uncompressedBytes += chunk.length;
          if (shape.uncompressedBytes > limits.maxUncompressedBytes) {
            stream.destroy();
            return fail(
              new WorkbookRejected(
                'errors.impact.zip-too-large',
                { max: mb(limits.maxUncompressedBytes) },
                `The workbook unpacks to more than ${mb(limits.maxUncompressedBytes)} MB`,
              ),
            );
          }
          if (!isSheet) return;
          const text = chunk.toString('latin1');
          if (!headChecked) {
            // The declared range (<dimension ref="A1:J5001"/>) comes first in the sheet.
            head += text.slice(0, 4096);
            const dim = DIMENSION.exec(head);
            headChecked = !!dim || head.length >= 4096;
            if (dim) {
              const lastRow = Number(dim[4] ?? dim[2]);
              const lastCol = columnNumber(dim[3] ?? dim[1]);
              if (lastRow > limits.maxRows + 1) {
                stream.destroy();
                return fail(
                  new WorkbookRejected(
                    'errors.impact.sheet-too-many-rows',
                    { rows: lastRow, max: limits.maxRows },
                    `The sheet declares ${lastRow} rows; at most ${limits.maxRows} are accepted`,
                  ),
                );
              }
              if (lastCol > limits.maxColumns) {
                stream.destroy();
                return fail(
                  new WorkbookRejected(
                    'errors.impact.sheet-too-many-columns',
                    { columns: lastCol, max: limits.maxColumns },
                    `The sheet uses ${lastCol} columns; at most ${limits.maxColumns} are accepted`,
                  ),
                );
              }
            }
          }
          rows.feed(text);
          cells.feed(text);
          if (shape.rows + rows.count > limits.maxRows + 1) {
            stream.destroy();
            return fail(
              new WorkbookRejected(
                'errors.impact.sheet-too-many-rows',
                { rows: shape.rows + rows.count, max: limits.maxRows },
                `The sheet has more than ${limits.maxRows} rows`,
              ),
            );
          }
          if (shape.cells + cells.count > limits.maxCells) {
            stream.destroy();
            return fail(
              new WorkbookRejected(
                'errors.impact.sheet-too-many-cells',
                { max: limits.maxCells },
                `The sheet has more than ${limits.maxCells} cells`,
              ),
            );
          }
        });
        stream.on('error', fail);
        stream.on('end', () => {
          if (done) return;
          shape.rows += rows.count;
          shape.cells += cells.count;
          zip.readEntry();
        });
      });
    });
    zip.readEntry();
  });
}
