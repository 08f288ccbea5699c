// The supervisor of `npm start`: runs the server as a child process, and starts it again when it
// stops unexpectedly after it was serving, at most `maxRestartsPerMinute` times a minute.
import { spawn } from 'node:child_process';

/**
 * Runs `command args` (stdio inherited, and an IPC channel on which the server says `ready` once it
 * serves) until Ctrl+C or SIGTERM, which go on to it; the supervisor then exits as it does.
 *
 * - A child that exits before `ready` failed to start (it says why): not started again, since it
 *   would only fail the same way; its exit code is the supervisor's.
 * - A child that exits with code 0 stopped on purpose (a signal sent to it directly): so do we.
 * - Any other exit (a crash, a kill) is restarted after `restartDelayMs`, with one line saying why;
 *   past `maxRestartsPerMinute` restarts within a minute the supervisor gives up with code 1.
 */
export function supervise(command, args, { maxRestartsPerMinute = 5, restartDelayMs = 1000, env = process.env } = {}) {
  const restarts = [];
  let child;
  let timer;
  let stopping = false;

  const start = () => {
    timer = undefined;
    let ready = false;
    child = spawn(command, args, { stdio: ['inherit', 'inherit', 'inherit', 'ipc'], env });
    child.on('message', (message) => {
      if (message === 'ready') ready = true;
    });
    child.on('error', (e) => {
      console.error(`Impact Calls could not be started: ${e.message}`);
      process.exit(1);
    });
    child.on('exit', (code, signal) => {
      if (stopping || code === 0) process.exit(code ?? (signal ? 1 : 0));
      if (!ready) process.exit(code ?? 1);
      const why = signal ? `killed by ${signal}` : `exit code ${code}`;
      const now = Date.now();
      while (restarts.length && now - restarts[0] >= 60_000) restarts.shift();
      if (restarts.length >= maxRestartsPerMinute) {
        console.error(
          `Impact Calls stopped unexpectedly (${why}) after ${restarts.length} restarts within a minute: not starting it again. See the messages above.`,
        );
        process.exit(1);
      }
      restarts.push(now);
      console.error(`Impact Calls stopped unexpectedly (${why}): starting it again (restart ${restarts.length} within a minute).`);
      timer = setTimeout(start, restartDelayMs);
    });
  };

  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.on(signal, () => {
      stopping = true;
      // Between a crash and its restart there is no server to stop.
      if (timer) {
        clearTimeout(timer);
        process.exit(0);
      }
      child.kill(signal);
    });
  }
  start();
}
