/**
 * The supervisor of `npm start` (scripts/supervise.mjs), with stand-in servers (a few lines of
 * Node.js each) in place of the API: a server killed after it said it serves comes back, one that
 * keeps dying is given up on with exit code 1, one that fails to start is not retried, and
 * SIGTERM stops the server and the supervisor without a restart.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const SUPERVISE = pathToFileURL(resolve(import.meta.dirname, '../../scripts/supervise.mjs')).href;

/** Stand-in servers: each prints its pid once it serves. */
const SERVES = `process.send('ready'); console.log('serving ' + process.pid);
process.on('SIGTERM', () => { console.log('stopping ' + process.pid); process.exit(0); });
setInterval(() => undefined, 1000);`;
const CRASHES = `process.send('ready'); console.log('serving ' + process.pid); setTimeout(() => process.exit(3), 50);`;
const FAILS_TO_START = `console.error('could not start: port in use'); process.exit(1);`;

interface Supervised {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

function supervised(server: string): Supervised {
  const code = `import { supervise } from ${JSON.stringify(SUPERVISE)};
supervise(process.execPath, ['-e', ${JSON.stringify(server)}], { maxRestartsPerMinute: 2, restartDelayMs: 100 });`;
  const child = spawn(process.execPath, ['--input-type=module', '-e', code], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (c) => resolve(c)));
  return { child, output: () => output, exited };
}

async function until<T>(what: () => T | undefined, label: string, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = what();
    if (v !== undefined) return v;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${label}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

const servingPids = (output: string) => [...output.matchAll(/^serving (\d+)$/gm)].map((m) => Number(m[1]));

let running: Supervised | undefined;
afterEach(() => {
  if (running?.child.exitCode === null) running.child.kill('SIGKILL');
  running = undefined;
});

it('starts a server killed with SIGKILL again, saying why; SIGTERM then stops both without a restart', async () => {
  const s = (running = supervised(SERVES));
  const [first] = await until(() => (servingPids(s.output()).length ? servingPids(s.output()) : undefined), 'the first start');
  process.kill(first, 'SIGKILL');
  const second = await until(() => servingPids(s.output())[1], 'the restart');
  expect(second).not.toBe(first);
  expect(s.output()).toContain('Impact Calls stopped unexpectedly (killed by SIGKILL): starting it again');
  s.child.kill('SIGTERM');
  expect(await s.exited).toBe(0);
  expect(s.output()).toContain(`stopping ${second}`);
  expect(servingPids(s.output())).toEqual([first, second]);
});

it('gives up on a server that keeps stopping, past the restarts allowed a minute, with exit code 1', async () => {
  const s = (running = supervised(CRASHES));
  expect(await s.exited).toBe(1);
  expect(servingPids(s.output())).toHaveLength(3);
  expect(s.output()).toContain('(exit code 3): starting it again (restart 2 within a minute)');
  expect(s.output()).toContain('after 2 restarts within a minute: not starting it again');
});

it('does not retry a server that fails to start: its exit code and its reason are the answer', async () => {
  const s = (running = supervised(FAILS_TO_START));
  expect(await s.exited).toBe(1);
  expect(s.output().trim()).toBe('could not start: port in use');
});
