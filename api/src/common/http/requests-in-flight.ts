import type { Server } from 'node:http';

/**
 * How many HTTP requests the process is answering now. Background work (sending messages) reads
 * it to give way to people: while requests are in flight it keeps less of its own work in flight.
 */
let inFlight = 0;

/** Counts the server's requests from arrival to the end of their response (sent, or the connection gone). */
export function countRequests(server: Server): void {
  server.on('request', (_req, res) => {
    inFlight++;
    res.once('close', () => inFlight--);
  });
}

export function requestsInFlight(): number {
  return inFlight;
}
