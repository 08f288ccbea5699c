import { Global, Module } from '@nestjs/common';
import { SETTINGS, type Settings } from '../../../config/settings.js';
import { FILE_STORAGE, type FileStorage } from './file-storage.js';
import { LocalFileStorage } from './local-file-storage.js';
import { S3FileStorage } from './s3-file-storage.js';

export function createFileStorage(settings: Settings): FileStorage {
  return settings.s3 ? new S3FileStorage(settings.s3) : new LocalFileStorage(settings.filesDir);
}

/** Provides FILE_STORAGE: S3-compatible when S3_BUCKET is set, else the local disk. */
@Global()
@Module({
  providers: [{ provide: FILE_STORAGE, inject: [SETTINGS], useFactory: createFileStorage }],
  exports: [FILE_STORAGE],
})
export class StorageModule {}
