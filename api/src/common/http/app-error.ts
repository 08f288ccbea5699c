import { HttpException, HttpStatus } from '@nestjs/common';

/** An error the client should understand: HTTP status, an English message and the i18n key of the spec. */
export class AppError extends HttpException {
  constructor(
    status: HttpStatus,
    readonly key: string,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super({ statusCode: status, message, key, ...details }, status);
  }
}

export const badRequest = (key: string, message: string, details?: Record<string, unknown>) =>
  new AppError(HttpStatus.BAD_REQUEST, key, message, details);
export const notFound = (key = 'errors.not-found', message = 'Not found') => new AppError(HttpStatus.NOT_FOUND, key, message);
export const forbidden = (key = 'errors.forbidden', message = 'You may not do this') => new AppError(HttpStatus.FORBIDDEN, key, message);
export const unauthorized = (key = 'errors.unauthorized', message = 'Sign-in required') =>
  new AppError(HttpStatus.UNAUTHORIZED, key, message);
export const conflict = (key: string, message: string, details?: Record<string, unknown>) =>
  new AppError(HttpStatus.CONFLICT, key, message, details);

/** An update that does not say which version it was made from: it would overwrite blindly. */
export const versionRequired = (what: string) =>
  new AppError(
    HttpStatus.PRECONDITION_REQUIRED,
    'errors.version-required',
    `Send the version of the ${what} you read: an update needs it`,
    { errors: { version: 'required when updating' } },
  );
