import type { ExecutionContext } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { RequestHandler } from 'express';
import type { IncomingMessage } from 'node:http';
import { holdsBadCharacter, invalidCharacters } from './text-guard.js';

/** A request whose multipart body multer has read: the file (if any) and the form's fields as the body. */
export type UploadRequest = FastifyRequest & { file?: Express.Multer.File };

/**
 * Runs a multer middleware on Fastify's raw request (the pipeline leaves multipart bodies unread):
 * the fields become the request's body and the file `request.file`; a field or file name with a
 * bad character is refused, multer's own refusals go through `toAppError`.
 */
export function receiveMultipart(
  upload: RequestHandler,
  context: ExecutionContext,
  toAppError: (e: unknown) => Error,
): Promise<UploadRequest> {
  const http = context.switchToHttp();
  const request = http.getRequest<UploadRequest>();
  const raw = request.raw as IncomingMessage & { body?: unknown; file?: Express.Multer.File };
  return new Promise((resolve, reject) =>
    upload(raw as never, http.getResponse<FastifyReply>().raw as never, (err: unknown) => {
      if (err) return reject(toAppError(err));
      request.body = raw.body;
      request.file = raw.file;
      if (holdsBadCharacter([request.body, request.file?.originalname])) return reject(invalidCharacters('The form'));
      resolve(request);
    }),
  );
}
