import { useEffect, useRef, useState } from 'react';
import { saveApi } from '../fillApi';

/** Another member with the application open (a `presence` event's `others`, GET /api/presence/submissions/{id}). */
export interface PresentMember {
  userId: string;
  name: string;
  step: string | null;
}

/** After a stream ends or fails (a restart, a lost connection), it is opened again this much later. */
const RECONNECT_MS = 3_000;

/** The events of a Server-Sent Events body, as they arrive. */
export async function* serverEvents(body: ReadableStream<Uint8Array>): AsyncGenerator<{ event: string; data: string }> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    buffer += decoder.decode(value, { stream: true });
    let end;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const event = /^event: ?(.*)$/m.exec(block)?.[1] ?? 'message';
      const data = /^data: ?(.*)$/m.exec(block)?.[1];
      if (data !== undefined) yield { event, data };
    }
  }
}

function tellStep(submissionId: string, connectionId: string, step: string): void {
  void saveApi
    .PUT('/api/presence/submissions/{submissionId}', { params: { path: { submissionId } }, body: { connectionId, step } })
    .catch(() => undefined);
}

/**
 * The other members with this application open, and the step each is on: a stream kept open while
 * the fill is (opened again after a failure), told of this window's step as it changes.
 */
export function usePresence(submissionId: string, step: string, enabled = true): PresentMember[] {
  const [others, setOthers] = useState<PresentMember[]>([]);
  const connection = useRef<string | undefined>(undefined);
  const stepRef = useRef(step);

  useEffect(() => {
    if (!enabled) return;
    const abort = new AbortController();
    let retry: ReturnType<typeof setTimeout> | undefined;
    const connect = async () => {
      const opened = stepRef.current;
      try {
        const { data, response } = await saveApi.GET('/api/presence/submissions/{submissionId}', {
          params: { path: { submissionId }, query: { step: opened } },
          parseAs: 'stream',
          signal: abort.signal,
        });
        if (response.ok && data)
          for await (const e of serverEvents(data)) {
            if (e.event === 'hello') {
              connection.current = (JSON.parse(e.data) as { connectionId: string }).connectionId;
              // Moved on while the stream was opening.
              if (stepRef.current !== opened) tellStep(submissionId, connection.current, stepRef.current);
            }
            if (e.event === 'presence') setOthers((JSON.parse(e.data) as { others: PresentMember[] }).others);
          }
      } catch {
        // Closed or lost: opened again below, unless this fill is gone.
      }
      connection.current = undefined;
      if (!abort.signal.aborted) {
        setOthers([]);
        retry = setTimeout(() => void connect(), RECONNECT_MS);
      }
    };
    void connect();
    return () => {
      abort.abort();
      clearTimeout(retry);
      connection.current = undefined;
      setOthers([]);
    };
  }, [submissionId, enabled]);

  useEffect(() => {
    stepRef.current = step;
    if (connection.current) tellStep(submissionId, connection.current, step);
  }, [submissionId, step]);

  return others;
}
