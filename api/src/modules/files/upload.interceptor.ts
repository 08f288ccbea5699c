import {
  type CallHandler,
  type ExecutionContext,
  HttpStatus,
  Inject,
  Injectable,
  Logger,
  type NestInterceptor,
  type OnModuleInit,
} from '@nestjs/common';
import { receiveMultipart, type UploadRequest } from '../../common/http/multipart.js';
import multer from 'multer';
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { from, type Observable, finalize, mergeMap } from 'rxjs';
import { ATTACHMENT_MAX_BYTES, UPLOAD_DESCRIPTION_MAX } from '@impact-calls/domain';
import { SETTINGS, type Settings } from '../../config/settings.js';
import { AppError, badRequest } from '../../common/http/app-error.js';

export const fileTooLarge = (maxBytes: number) =>
  new AppError(HttpStatus.PAYLOAD_TOO_LARGE, 'errors.file-too-large', 'The document dimensions exceed those allowed', { maxBytes });

function toAppError(e: unknown): Error {
  if (!(e instanceof multer.MulterError)) return badRequest('errors.upload-malformed', 'The upload is not a valid multipart form');
  if (e.code === 'LIMIT_FILE_SIZE') return fileTooLarge(ATTACHMENT_MAX_BYTES);
  if (e.code === 'LIMIT_FILE_COUNT' || e.code === 'LIMIT_UNEXPECTED_FILE') {
    return badRequest('errors.upload-one-file', 'Send exactly one file, in the field File');
  }
  return badRequest('errors.upload-malformed', `The upload is not a valid form (${e.code})`);
}

/** UploadFile's multipart body through multer, limits set, the file streamed to a temporary file removed when the request ends. */
@Injectable()
export class UploadInterceptor implements NestInterceptor, OnModuleInit {
  private readonly logger = new Logger('Uploads');
  readonly incoming: string;
  private readonly upload: ReturnType<ReturnType<typeof multer>['single']>;

  constructor(@Inject(SETTINGS) settings: Settings) {
    this.incoming = join(settings.dataDir, 'incoming-uploads');
    mkdirSync(this.incoming, { recursive: true });
    this.upload = multer({
      storage: multer.diskStorage({ destination: this.incoming, filename: (_req, _file, cb) => cb(null, randomUUID()) }),
      // File names are UTF-8 (browsers send them so); busboy would read them as latin1 ("attivitÃ ").
      defParamCharset: 'utf8',
      limits: {
        // The largest upload of any purpose: bigger requests are cut off while they stream in.
        fileSize: ATTACHMENT_MAX_BYTES,
        files: 1,
        fields: 10,
        parts: 11,
        fieldNameSize: 50,
        // Descriptions longer than 1024 characters are cut, not refused: allow some room (4 bytes a character).
        fieldSize: UPLOAD_DESCRIPTION_MAX * 20,
        headerPairs: 20,
      },
    }).single('File');
  }

  /** Temporary files older than an hour are left-overs of a crash: remove them at start. */
  async onModuleInit(): Promise<void> {
    const hourAgo = Date.now() - 3_600_000;
    for (const name of await readdir(this.incoming).catch(() => [] as string[])) {
      const path = join(this.incoming, name);
      const s = await stat(path).catch(() => undefined);
      if (s && s.mtimeMs < hourAgo) await rm(path, { force: true });
    }
  }

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const req = context.switchToHttp().getRequest<UploadRequest>();
    return from(receiveMultipart(this.upload, context, toAppError)).pipe(
      mergeMap(() => next.handle()),
      finalize(() => {
        const path = req.file?.path;
        if (path) void rm(path, { force: true }).catch((e: unknown) => this.logger.warn(`Could not remove ${path}: ${String(e)}`));
      }),
    );
  }
}
