import ExcelJS from 'exceljs';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { crc32, createDeflateRaw, deflateRawSync } from 'node:zlib';
import yauzl from 'yauzl';
import { FRAMEWORK_COLUMNS } from '@impact-calls/domain';

/** Files and workbooks for the impact framework tests (and the import benchmark). */
export const EXAMPLE_XLSX = readFileSync(fileURLToPath(new URL('../../docs/examples/impact-framework-example.xlsx', import.meta.url)));
export const TEMPLATE_XLSX = readFileSync(fileURLToPath(new URL('../../docs/examples/impact-framework-template.xlsx', import.meta.url)));
export const HEADER = [...FRAMEWORK_COLUMNS] as unknown[];

/** One valid line of the framework sheet; `n` makes names unique. */
export function line(n: number, outcomesEvery = 5): unknown[] {
  const o = Math.floor(n / outcomesEvery);
  return [
    `Outcome ${o}`,
    `Description of outcome ${o}`,
    (o % 17) + 1,
    `Indicator ${n}`,
    `Description of indicator ${n}`,
    `Proxy ${n}`,
    100 + (n % 900) + 0.5,
    { text: `Source ${n % 40}`, hyperlink: `https://stats.example.org/table/${n % 40}` },
    n < 12 ? `Stakeholder ${n}` : null,
    n < 12 ? `Description of stakeholder ${n}` : null,
  ];
}

/** A framework sheet of `count` valid lines (5 indicators per outcome, 12 stakeholders). */
export function validRows(count: number): unknown[][] {
  return [HEADER, ...Array.from({ length: count }, (_, i) => line(i))];
}

/** An .xlsx with one sheet holding these rows (objects with `formula` become formulas). */
export async function workbook(rows: unknown[][], sheetName = 'Framework'): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(sheetName);
  for (const r of rows) ws.addRow(r as ExcelJS.CellValue[]);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

export interface ZipEntry {
  name: string;
  data: Buffer;
  /** Size written in the headers when it should lie about the real one. */
  declaredSize?: number;
  /** Already deflated data (for big bombs made in a stream). */
  deflated?: Buffer;
  crc?: number;
}

/** A minimal zip writer (deflate), so tests can make archives that lie or bomb. */
export function writeZip(entries: ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name);
    const body = e.deflated ?? deflateRawSync(e.data);
    const size = e.declaredSize ?? e.data.length;
    const crc = e.crc ?? crc32(e.data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0, 6);
    local.writeUInt16LE(8, 8);
    local.writeUInt16LE(0, 10);
    local.writeUInt16LE(0x21, 12);
    local.writeUInt32LE(crc >>> 0, 14);
    local.writeUInt32LE(body.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(0, 28);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0, 8);
    central.writeUInt16LE(8, 10);
    central.writeUInt16LE(0, 12);
    central.writeUInt16LE(0x21, 14);
    central.writeUInt32LE(crc >>> 0, 16);
    central.writeUInt32LE(body.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, body);
    centrals.push(central, name);
    offset += local.length + name.length + body.length;
  }
  const cd = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(cd.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, cd, end]);
}

/** The entries of a zip (to edit a workbook's XML and zip it again). */
export async function readZip(buffer: Buffer): Promise<ZipEntry[]> {
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.fromBuffer(buffer, { lazyEntries: true }, (e, z) => (e ? reject(e) : resolve(z))),
  );
  const out: ZipEntry[] = [];
  await new Promise<void>((resolve, reject) => {
    zip.on('end', resolve);
    zip.on('error', reject);
    zip.on('entry', (entry: yauzl.Entry) => {
      zip.openReadStream(entry, (err, stream) => {
        if (err) return reject(err);
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          out.push({ name: entry.fileName, data: Buffer.concat(chunks) });
          zip.readEntry();
        });
      });
    });
    zip.readEntry();
  });
  return out;
}

/** A workbook with one part's XML changed. */
export async function editPart(xlsx: Buffer, name: string, edit: (xml: string) => string): Promise<Buffer> {
  const entries = await readZip(xlsx);
  return writeZip(entries.map((e) => (e.name === name ? { name: e.name, data: Buffer.from(edit(e.data.toString('utf8'))) } : e)));
}

/** `bytes` zeros, deflated in a stream (a zip bomb's payload without holding it in memory). */
export async function deflatedZeros(bytes: number): Promise<{ deflated: Buffer; crc: number }> {
  const chunk = Buffer.alloc(1024 * 1024);
  const deflate = createDeflateRaw({ level: 9 });
  const out: Buffer[] = [];
  deflate.on('data', (c: Buffer) => out.push(c));
  let crc = 0;
  for (let done = 0; done < bytes; done += chunk.length) {
    const part = chunk.subarray(0, Math.min(chunk.length, bytes - done));
    crc = crc32(part, crc);
    if (!deflate.write(part)) await new Promise((r) => deflate.once('drain', r));
  }
  await new Promise<void>((resolve) => deflate.end(resolve));
  return { deflated: Buffer.concat(out), crc };
}

/** A minimal valid-looking workbook skeleton, so the guard sees an .xlsx. */
export const WORKBOOK_XML = Buffer.from(
  '<?xml version="1.0"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheets/></workbook>',
);
