import type { LoggerService } from '@nestjs/common';
import type { FastifyReply } from 'fastify';

/** The headers a download sets on its raw response, removed again when it fails before its first byte. */
const DOWNLOAD_HEADERS = ['Content-Type', 'Content-Disposition', 'Content-Length', 'X-Document-Count'];

/**
 * Runs the work of a download streamed into the raw response (exports, archives). Before the first
 * byte a failure answers as any other; once the status is sent, it can only cut this response:
 * it is logged and the connection closed.
 */
export async function runStreamedDownload(res: FastifyReply, logger: LoggerService, work: () => Promise<void>): Promise<void> {
  try {
    await work();
  } catch (e) {
    const raw = res.raw;
    if (!raw.headersSent) {
      for (const h of DOWNLOAD_HEADERS) raw.removeHeader(h);
      throw e;
    }
    const error = e instanceof Error ? e : new Error(String(e));
    const route = res.request.routeOptions.url ?? '';
    // A client that closed the connection is not the server's failure: said, but not as an error.
    if (raw.destroyed) logger.warn(`A download ended early, the client went away (${route}): ${error.message}`);
    else logger.error(`A download failed midway (${route}): ${error.message}`);
    raw.destroy(error);
  }
}
