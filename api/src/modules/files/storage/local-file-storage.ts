import { copyFile, mkdir, open, rename, rm, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Readable } from 'node:stream';
import { checkKey, type FileStorage, NotFoundInStorage } from './file-storage.js';

/** Files on the local disk under a root folder that no web route serves. */
export class LocalFileStorage implements FileStorage {
  readonly kind = 'local' as const;

  constructor(private readonly root: string) {}

  private path(key: string): string {
    return join(this.root, checkKey(key));
  }

  async putFile(key: string, sourcePath: string): Promise<void> {
    const target = this.path(key);
    await mkdir(dirname(target), { recursive: true });
    const part = `${target}.part`;
    await rename(sourcePath, part).catch((e: NodeJS.ErrnoException) => {
      if (e.code !== 'EXDEV') throw e;
      return copyFile(sourcePath, part);
    });
    // The final name appears only once the whole file is there.
    await rename(part, target);
  }

  async open(key: string): Promise<Readable> {
    // Opened here rather than by the stream: a file removed (an applicant replaced it) is a clean
    // NotFoundInStorage now, not an error the stream emits later; once open, it is read whole.
    const file = await open(this.path(key), 'r').catch((e: NodeJS.ErrnoException) => {
      throw e.code === 'ENOENT' ? new NotFoundInStorage(key) : e;
    });
    try {
      if (!(await file.stat()).isFile()) throw new NotFoundInStorage(key);
    } catch (e) {
      await file.close();
      throw e;
    }
    return file.createReadStream();
  }

  async exists(key: string): Promise<boolean> {
    try {
      return (await stat(this.path(key))).isFile();
    } catch {
      return false;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.path(key), { force: true });
    await rm(`${this.path(key)}.part`, { force: true });
  }
}
