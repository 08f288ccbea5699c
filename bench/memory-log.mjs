// Preloaded into the product (bench/messages-memory.mjs): its memory every 250 ms; on SIGWINCH a full
// collection's result, and a sampling heap profile started (first signal) or written (second).
import fs from 'node:fs';
import inspector from 'node:inspector';
import os from 'node:os';
import v8 from 'node:v8';
const dir = process.env.MEMLOG_DIR || os.tmpdir();
const file = `${dir}/mem-${process.pid}.log`;
const fd = fs.openSync(file, 'w');
setInterval(() => {
  const m = process.memoryUsage();
  const sp = Object.fromEntries(
    v8.getHeapSpaceStatistics().map((s) => [s.space_name.replace('_space', ''), Math.round(s.space_size / 1048576)]),
  );
  const mb = (x) => Math.round(x / 1048576);
  fs.writeSync(
    fd,
    `${(Date.now() / 1000).toFixed(1)} rss=${mb(m.rss)} heapTotal=${mb(m.heapTotal)} heapUsed=${mb(m.heapUsed)} ext=${mb(m.external)} ab=${mb(m.arrayBuffers)} new=${sp.new} old=${sp.old} code=${sp.code} lo=${sp.large_object}\n`,
  );
}, 250).unref();
process.on('SIGWINCH', () => {
  if (global.gc) {
    global.gc();
    global.gc();
  }
  const m = process.memoryUsage();
  fs.writeSync(
    fd,
    `${(Date.now() / 1000).toFixed(1)} AFTER-GC heapUsed=${Math.round(m.heapUsed / 1048576)} rss=${Math.round(m.rss / 1048576)} ext=${Math.round(m.external / 1048576)}\n`,
  );
});
const session = new inspector.Session();
session.connect();
let profiling = false;
process.on('SIGWINCH', () => {
  if (!profiling) {
    profiling = true;
    session.post(
      'HeapProfiler.startSampling',
      { samplingInterval: 16384, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: false },
      (e) => e && fs.writeSync(fd, `ERR ${e.message}\n`),
    );
  } else {
    session.post('HeapProfiler.stopSampling', (e, r) => {
      if (e) return fs.writeSync(fd, `ERR ${e.message}\n`);
      fs.writeFileSync(`${dir}/heap-${process.pid}.json`, JSON.stringify(r.profile));
    });
  }
});
