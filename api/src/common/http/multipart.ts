import type { FastifyReply, FastifyRequest } from 'fastify';
import type { RequestHandler } from 'express';
import type { IncomingMessage } from 'node:http';

/** A request whose multipart body multer has read: the file (if any) and the form's fields as the body. */
export type UploadRequest = FastifyRequest & { file?: Express.Multer.File };

/**
 * Runs a multer middleware on Fastify's raw request (the pipeline leaves multipart bodies unread,
 * pipeline.ts): multer streams the file where its storage says, then the fields become the
 * request's body (what `@Body()` reads) and the file `request.file`.
 */
export function receiveMultipart(upload: RequestHandler, request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const raw = request.raw as IncomingMessage & { body?: unknown; file?: Express.Multer.File };
  return new Promise((resolve, reject) =>
    upload(raw as never, reply.raw as never, (err: unknown) => {
      if (err) return reject(err);
      request.body = raw.body;
      (request as UploadRequest).file = raw.file;
      resolve();
    }),
  );
}
