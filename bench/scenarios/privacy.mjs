// Issue 32: an organization's data export (GET /api/privacy/export/organizations/{id}) of 50
// submissions and 200 MB of files, streamed as one ZIP: the product's RSS sampled every 50 ms
// during the download (target: growth under 100 MB), the bytes and the time. Side by side: a bare
// node:http process zipping the same files with archiver (store, no database) to the same reader.
import { spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import pg from 'pg';
import { accessToken } from '../lib.mjs';

export const name = 'privacy';
const SUBMISSIONS = 50;
const FILE_MB = 4;
const PDF_TYPE = 'a77ac000-0000-4000-8000-000000000001';

const rssMb = (pid) => Math.round(Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024);

export async function setup({ product, databaseUrl }) {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  const run = Date.now();
  const [{ id: userId }] = (
    await db.query(
      `INSERT INTO app_user (email, first_name, last_name, roles, issuer, subject) VALUES ($1, 'Owner', 'Bench', '{}', 'bench-privacy', $2) RETURNING id`,
      [`owner.${run}@example.org`, randomUUID()],
    )
  ).rows;
  const [{ id: orgId }] = (
    await db.query(
      `INSERT INTO organization (name, reg_number, street_name, city_name, country, contact_name, contact_surname, contact_role, contact_email, personal_data, created_by_id)
       VALUES ($1, 'IT000000001', 'Via Roma 1', 'Milano', 'Italy', 'Anna', 'Rossi', 'President', 'org@example.org', true, $2) RETURNING id`,
      [`Export ${run}`, userId],
    )
  ).rows;
  await db.query(`INSERT INTO organization_member (organization_id, user_id, role) VALUES ($1, $2, 'owner')`, [orgId, userId]);
  const [{ id: typeId }] = (await db.query(`INSERT INTO call_type (name) VALUES ($1) RETURNING id`, [`Export bench ${run}`])).rows;
  const files = [];
  const chunk = randomBytes(1024 * 1024);
  for (let i = 0; i < SUBMISSIONS; i++) {
    const [{ id: callId }] = (
      await db.query(
        `INSERT INTO call (name, call_type_id, opening_at, closing_at) VALUES ($1, $2, now() - interval '1 day', now() + interval '30 days') RETURNING id`,
        [`Export bench ${run} ${i}`, typeId],
      )
    ).rows;
    const [{ id: submissionId }] = (
      await db.query(`INSERT INTO call_submission (call_id, organization_id, user_id, code) VALUES ($1, $2, $3, $4) RETURNING id`, [
        callId,
        orgId,
        userId,
        `EX${run}-${i}`,
      ])
    ).rows;
    const key = `submission/bench/${randomUUID()}`;
    const path = join(product.dataDir, 'files', key);
    mkdirSync(join(product.dataDir, 'files', 'submission', 'bench'), { recursive: true });
    writeFileSync(path, Buffer.concat(Array.from({ length: FILE_MB }, (_, k) => (k === 0 ? randomBytes(1024 * 1024) : chunk))));
    files.push(path);
    await db.query(
      `INSERT INTO attachment (attachment_type_id, purpose, submission_id, organization_id, file_name, mime_type, dimensions, storage_key, download_id, uploaded_by_id)
       VALUES ($1, 'submission', $2, $3, $4, 'application/pdf', $5, $6, $7, $8)`,
      [PDF_TYPE, submissionId, orgId, `Relazione attività ${i}.pdf`, FILE_MB * 1024 * 1024, key, randomUUID(), userId],
    );
  }
  await db.end();
  const headers = { Authorization: `Bearer ${await accessToken(product.jwtSecret(), product.url, userId, databaseUrl)}` };
  return { orgId, headers, files };
}

/** Downloads `url`, sampling `pid`'s RSS every 50 ms: bytes, seconds, RSS before and at its peak. */
async function download(url, headers, pid) {
  const before = rssMb(pid);
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 50);
  const t0 = performance.now();
  const res = await fetch(url, { headers });
  if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
  let bytes = 0;
  for await (const c of res.body) bytes += c.length;
  clearInterval(sampler);
  peak = Math.max(peak, rssMb(pid));
  return {
    megabytes: Math.round(bytes / 1024 / 1024),
    seconds: +((performance.now() - t0) / 1000).toFixed(1),
    rssBeforeMb: before,
    rssPeakMb: peak,
    rssGrowthMb: peak - before,
  };
}

/** The bare baseline: a node:http process zipping the files with archiver, nothing else. */
async function startBareZip(files) {
  const script = `
    const http = require('node:http'); const fs = require('node:fs'); const archiver = require(${JSON.stringify(createRequire(join(process.cwd(), 'api', 'package.json')).resolve('archiver'))});
    const files = ${JSON.stringify(files)};
    const s = http.createServer((req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/zip' });
      const zip = archiver('zip', { store: true }); zip.pipe(res);
      files.forEach((f, i) => zip.append(fs.createReadStream(f), { name: 'files/' + i + '.pdf' }));
      zip.finalize();
    });
    s.listen(0, '127.0.0.1', () => process.stdout.write(String(s.address().port) + '\\n'));`;
  const child = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise((r) => child.stdout.once('data', (d) => r(Number(String(d).trim()))));
  return { url: `http://127.0.0.1:${port}`, pid: child.pid, stop: () => child.kill() };
}

export async function run({ product, orgId, headers, files }) {
  const out = {};
  // One unmeasured export first: the code it loads (archiver, the routes) is not a growth of the export's.
  await download(`${product.url}/api/privacy/export/organizations/${orgId}`, headers, product.pid);
  const p = await download(`${product.url}/api/privacy/export/organizations/${orgId}`, headers, product.pid);
  const bare = await startBareZip(files);
  await download(bare.url, {}, bare.pid);
  const b = await download(bare.url, {}, bare.pid);
  bare.stop();
  out[`organization export: ${SUBMISSIONS} submissions, ${SUBMISSIONS * FILE_MB} MB of files`] = { product: p, baseline: b };
  out.goals = { 'organization export RSS growth (MB)': { value: p.rssGrowthMb, goal: '< 100', met: p.rssGrowthMb < 100 } };
  return out;
}
