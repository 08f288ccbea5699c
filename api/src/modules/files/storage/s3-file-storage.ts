import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { createReadStream } from 'node:fs';
import type { Readable } from 'node:stream';
import type { Settings } from '../../../config/settings.js';
import { checkKey, type FileStorage, NotFoundInStorage } from './file-storage.js';
import { contentDisposition } from '../content-disposition.js';

type S3Settings = NonNullable<Settings['s3']>;

const isMissing = (e: unknown) =>
  e instanceof S3ServiceException && (e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404);

/** Files in an S3-compatible bucket (AWS S3, MinIO, Ceph, ...): path-style when an endpoint is given. */
export class S3FileStorage implements FileStorage {
  readonly kind = 's3' as const;
  private readonly client: S3Client;

  constructor(private readonly s3: S3Settings) {
    this.client = new S3Client({
      region: s3.region,
      endpoint: s3.endpoint,
      forcePathStyle: !!s3.endpoint,
      credentials: s3.accessKeyId && s3.secretAccessKey ? { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey } : undefined,
      // Plain checksums only when the service asks: some S3-compatible servers refuse the newer ones.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  async putFile(key: string, sourcePath: string, size: number, contentType: string, fileName?: string): Promise<void> {
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.s3.bucket,
        Key: checkKey(key),
        Body: createReadStream(sourcePath),
        ContentLength: size,
        ContentType: contentType,
        // The name as downloads give it (ASCII header, UTF-8 in filename*): a bucket served directly keeps it.
        ...(fileName ? { ContentDisposition: contentDisposition(fileName) } : {}),
      }),
    );
  }

  async open(key: string): Promise<Readable> {
    try {
      const out = await this.client.send(new GetObjectCommand({ Bucket: this.s3.bucket, Key: checkKey(key) }));
      return out.Body as Readable;
    } catch (e) {
      if (isMissing(e)) throw new NotFoundInStorage(key);
      throw e;
    }
  }

  async exists(key: string): Promise<boolean> {
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.s3.bucket, Key: checkKey(key) }));
      return true;
    } catch (e) {
      if (isMissing(e)) return false;
      throw e;
    }
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.s3.bucket, Key: checkKey(key) }));
  }
}
