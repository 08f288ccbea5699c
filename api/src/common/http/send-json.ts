import type { Response } from 'express';

/**
 * Sends JSON that is already serialized (built by PostgreSQL or cached), skipping Nest's
 * JSON.stringify. The route still declares its response type for the OpenAPI document.
 */
export function sendJson(res: Response, json: string | Buffer): void {
  res.type('json').send(json);
}
