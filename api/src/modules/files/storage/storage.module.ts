import { Global, Module } from '@nestjs/common';
import { SETTINGS, type Settings } from '../../../config/settings.js';
import { FILE_STORAGE, type FileStorage } from './file-storage.js';
import { LocalFileStorage } from './local-file-storage.js';

/** The S3 client (the AWS SDK, a heavy load) is loaded only when S3 is configured. */
export async function createFileStorage(settings: Settings): Promise<FileStorage> {
  if (!settings.s3) return new LocalFileStorage(settings.filesDir);
  const { S3FileStorage } = await import('./s3-file-storage.js');
  return new S3FileStorage(settings.s3);
}

@Global()
@Module({
  providers: [{ provide: FILE_STORAGE, inject: [SETTINGS], useFactory: createFileStorage }],
  exports: [FILE_STORAGE],
})
export class StorageModule {}
