import { type CallHandler, type ExecutionContext, Injectable, type NestInterceptor } from '@nestjs/common';
import { FRAMEWORK_IMPORT_LIMITS } from '@impact-calls/domain';
import { receiveMultipart } from '../../../common/http/multipart.js';
import multer from 'multer';
import { from, mergeMap, type Observable } from 'rxjs';
import { AppError, badRequest } from '../../../common/http/app-error.js';
import { WorkbookRejected, workbookError } from './xlsx-guard.js';

const MAX_MB = FRAMEWORK_IMPORT_LIMITS.maxFileBytes / (1024 * 1024);

function toAppError(e: unknown): Error {
  if (e instanceof AppError) return e;
  if (e instanceof multer.MulterError) {
    if (e.code === 'LIMIT_FILE_SIZE')
      return workbookError(new WorkbookRejected('errors.impact.file-too-large', { max: MAX_MB }, `The file is larger than ${MAX_MB} MB`));
    if (e.code === 'LIMIT_FILE_COUNT' || e.code === 'LIMIT_UNEXPECTED_FILE')
      return badRequest('errors.impact.file-required', 'Send exactly one .xlsx file, in the field file');
    return badRequest('errors.upload-malformed', `The upload is not a valid form (${e.code})`);
  }
  return badRequest('errors.upload-malformed', 'The upload is not a valid multipart form');
}

/** The framework upload: one .xlsx in `file`, in memory (the guard reads it whole anyway), and the text fields; every multer limit set. */
@Injectable()
export class XlsxUploadInterceptor implements NestInterceptor {
  private readonly upload = multer({
    storage: multer.memoryStorage(),
    // File names are UTF-8 (browsers send them so); busboy would read them as latin1.
    defParamCharset: 'utf8',
    limits: {
      fileSize: FRAMEWORK_IMPORT_LIMITS.maxFileBytes,
      files: 1,
      fields: 4,
      parts: 5,
      fieldNameSize: 50,
      fieldSize: 16 * 1024,
      headerPairs: 20,
    },
    fileFilter: (_req, file, cb) => {
      if (!/\.xlsx$/i.test(file.originalname))
        return cb(badRequest('errors.impact.file-not-xlsx', 'The file is not an Excel workbook (.xlsx)'));
      cb(null, true);
    },
  }).single('file');

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    return from(receiveMultipart(this.upload, context, toAppError)).pipe(mergeMap(() => next.handle()));
  }
}
