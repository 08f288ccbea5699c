import express, { type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * helmet's headers, computed once. With our options every header is static (no per-request
 * nonce), so running helmet's twelve middlewares on each request would only redo the same work.
 */
export function securityHeaders(options: HelmetOptions): RequestHandler {
  const headers: [string, string][] = [];
  const recorder = {
    setHeader: (name: string, value: string) => headers.push([name, value]),
    removeHeader: () => undefined,
  };
  helmet(options)({} as never, recorder as never, () => undefined);
  return (_req: Request, res: Response, next: NextFunction) => {
    for (const [name, value] of headers) res.setHeader(name, value);
    next();
  };
}

/**
 * The JSON and form body parsers as one step that requests without a body (most GETs) skip
 * at once (type-is's `hasBody` test, which the parsers make themselves after more work).
 */
export function bodyParsers(
  json: Parameters<typeof express.json>[0],
  urlencoded: Parameters<typeof express.urlencoded>[0],
): RequestHandler {
  const parseJson = express.json(json);
  const parseForm = express.urlencoded(urlencoded);
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.headers['transfer-encoding'] === undefined && req.headers['content-length'] === undefined) return next();
    parseJson(req, res, (error?: unknown) => (error ? next(error) : parseForm(req, res, next)));
  };
}
