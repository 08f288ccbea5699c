import { request as httpsRequest } from 'node:https';

/** An answer of Entra ID or Power BI: status, lower-cased headers, and the body parsed as JSON (or the raw text when it is not JSON). */
export interface JsonAnswer {
  status: number;
  headers: Record<string, string>;
  body: unknown;
}

/** Entra ID or Power BI could not be reached (refused, reset, TLS failure, timeout). */
export class UpstreamUnreachable extends Error {
  constructor(
    readonly url: string,
    reason: string,
  ) {
    super(`${new URL(url).origin} unreachable: ${reason}`);
  }
}

const MAX_ANSWER_BYTES = 1024 * 1024;

/** One HTTPS request with a hard time limit; node:https, so the settings' `ca` applies to these calls only, not the whole process. */
export function httpsJson(
  method: 'GET' | 'POST',
  url: string,
  o: { headers?: Record<string, string>; body?: string; timeoutMs: number; ca?: string },
): Promise<JsonAnswer> {
  return new Promise((resolve, reject) => {
    let settled = false;
    // The answer, an error or the time limit, whichever comes first, settles; the others then do nothing.
    const settle = (then: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      then();
    };
    const fail = (reason: string) => settle(() => reject(new UpstreamUnreachable(url, reason)));
    const req = httpsRequest(
      url,
      {
        method,
        headers: {
          Accept: 'application/json',
          ...o.headers,
          ...(o.body !== undefined ? { 'Content-Length': Buffer.byteLength(o.body) } : {}),
        },
        ca: o.ca,
        timeout: o.timeoutMs,
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (c: Buffer) => {
          size += c.length;
          if (size > MAX_ANSWER_BYTES) {
            req.destroy();
            fail('answer too large');
            return;
          }
          chunks.push(c);
        });
        res.on('end', () =>
          settle(() => {
            const text = Buffer.concat(chunks).toString('utf8');
            let body: unknown = text;
            try {
              body = text ? JSON.parse(text) : {};
            } catch {
              // not JSON (an HTML error page of a proxy): kept as text
            }
            const headers: Record<string, string> = {};
            for (const [k, v] of Object.entries(res.headers)) if (v !== undefined) headers[k] = Array.isArray(v) ? v.join(', ') : v;
            resolve({ status: res.statusCode ?? 0, headers, body });
          }),
        );
        res.on('error', (e) => fail(e.message));
      },
    );
    // The whole exchange, not only idle time, is bounded.
    const timer = setTimeout(() => {
      req.destroy();
      fail(`no answer within ${o.timeoutMs} ms`);
    }, o.timeoutMs);
    req.on('timeout', () => req.destroy(new Error(`no answer within ${o.timeoutMs} ms`)));
    req.on('error', (e) => fail(e.message));
    if (o.body !== undefined) req.write(o.body);
    req.end();
  });
}
