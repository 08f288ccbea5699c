import type { Readable } from 'node:stream';

/**
 * Where uploaded files live: the local disk (FILES_DIR), or an S3-compatible bucket when S3_BUCKET is set.
 * Keys are made by the server only (`<purpose>/<yyyy>/<mm>/<uuid>`), never from a user's file name.
 */
export interface FileStorage {
  readonly kind: 'local' | 's3';
  /** Stores the file at `sourcePath` (moved or copied); `fileName` goes with the object where the store keeps one. */
  putFile(key: string, sourcePath: string, size: number, contentType: string, fileName?: string): Promise<void>;
  /** A stream of the stored bytes; NotFoundInStorage when the key holds nothing. */
  open(key: string): Promise<Readable>;
  exists(key: string): Promise<boolean>;
  /** Removes the object; removing a missing key is not an error. */
  delete(key: string): Promise<void>;
}

export const FILE_STORAGE = Symbol('FILE_STORAGE');

export class NotFoundInStorage extends Error {
  constructor(key: string) {
    super(`No stored file for ${key}`);
  }
}

const KEY = /^[a-z0-9-]+(\/[a-z0-9-]+)*$/;

/** Refuses anything that is not a server-made key (defence in depth against path tricks). */
export function checkKey(key: string): string {
  if (!KEY.test(key) || key.length > 200) throw new Error(`Invalid storage key: ${JSON.stringify(key)}`);
  return key;
}
