// CPU time the server process spends per request (user + system, from /proc), which stays
// meaningful when other work shares the machine. Usage: [BENCH_TOKEN=<access token>] node bench/cpu-per-request.mjs <pid> <url> [n]
import autocannon from 'autocannon';
import { readFileSync } from 'node:fs';

const [pid, url, n = '20000'] = process.argv.slice(2);
const headers = process.env.BENCH_TOKEN ? { authorization: `Bearer ${process.env.BENCH_TOKEN}` } : {};
const ticks = () => {
  const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return Number(f[11]) + Number(f[12]); // utime + stime, in clock ticks (1/100 s)
};
const before = ticks();
const r = await autocannon({ url, connections: 50, amount: Number(n), headers });
const cpuMs = (ticks() - before) * 10;
console.log(
  `${url}: ${(cpuMs / Number(n)).toFixed(3)} ms CPU/request, ${Math.round(r.requests.average)} req/s, p99 ${r.latency.p99} ms, non2xx ${r.non2xx}`,
);
