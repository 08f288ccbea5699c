// Issue 6: importing a 5,000-line impact framework (time and the server's peak memory), and
// Indicator/GetIndicatorType for 20 outcomes of that framework at 50 connections.
// Targets: import under 5 s and under 300 MB peak; GetIndicatorType p99 under 50 ms.
import ExcelJS from 'exceljs';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { FRAMEWORK_COLUMNS } from '@impact-calls/domain';
import { accessToken, BROWSER_HEADERS, load, sampleRss, warmedLoad } from '../lib.mjs';

export const name = 'impact';
const LINES = 5000;

const CHAINS_SQL = `SELECT i.id AS "indicatorId", i.outcome_id AS "outcomeId", i.name, i.description,
  p.id AS "proxyId", p.name AS "proxyName", p.default_value AS "proxyValue", p.source_name AS "sourceName", p.source_url AS "sourceUrl"
  FROM impact_indicator i JOIN impact_proxy p ON p.indicator_id = i.id
  WHERE i.outcome_id = ANY($1::uuid[]) ORDER BY array_position($1::uuid[], i.outcome_id), i.sort, p.sort`;

/** 5,000 lines: 1,000 outcomes of 5 indicators (one proxy each) over the 17 SDGs, 12 stakeholders. */
export async function frameworkWorkbook(lines = LINES) {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Framework');
  ws.addRow([...FRAMEWORK_COLUMNS]);
  for (let n = 0; n < lines; n++) {
    const o = Math.floor(n / 5);
    ws.addRow([
      `Outcome ${o}`,
      `What changes for people, outcome ${o}`,
      (o % 17) + 1,
      `Indicator ${n}`,
      `How indicator ${n} is measured`,
      `Proxy ${n}`,
      100 + (n % 900) + 0.5,
      { text: `National statistics table ${n % 40}`, hyperlink: `https://stats.example.org/table/${n % 40}` },
      n < 12 ? `Stakeholder ${n}` : null,
      n < 12 ? `Who stakeholder ${n} is` : null,
    ]);
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}

const rssMb = (pid) => Math.round(Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024);

export async function setup({ product, databaseUrl }) {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  const [{ id }] = (
    await db.query(
      `INSERT INTO app_user (email, first_name, last_name, roles, issuer, subject) VALUES ($1, 'Bench', 'Admin', '{admin}', 'bench', $2) RETURNING id`,
      [`bench-admin-${Date.now()}@example.org`, randomUUID()],
    )
  ).rows;
  const token = await accessToken(product.jwtSecret(), product.url, id, databaseUrl);
  const headers = { Authorization: `Bearer ${token}` };

  const file = await frameworkWorkbook();
  const pid = product.pid;
  const rssBeforeMb = rssMb(pid);
  const sampler = sampleRss(pid);
  const form = new FormData();
  form.append('name', `Bench framework ${Date.now()}`);
  form.append('description', `${LINES} lines`);
  form.append('file', new Blob([file]), 'bench.xlsx');
  const started = performance.now();
  const res = await fetch(`${product.url}/api/admin/impact-framework/import`, { method: 'POST', headers, body: form });
  const seconds = (performance.now() - started) / 1000;
  const rssPeakDuringImportMb = sampler.stop();
  const body = await res.json();
  if (res.status !== 201) throw new Error(`import failed: ${res.status} ${JSON.stringify(body).slice(0, 500)}`);
  const importResult = {
    lines: LINES,
    fileKb: Math.round(file.length / 1024),
    seconds: +seconds.toFixed(2),
    // The whole process (API included), sampled every 20 ms while the import ran; target under 300 MB.
    rssBeforeMb,
    rssPeakDuringImportMb,
  };

  const { rows } = await db.query('SELECT id FROM impact_outcome WHERE framework_id = $1 ORDER BY sdg, sort', [body.id]);
  await db.end();
  const allOutcomeIds = rows.map((r) => r.id);
  // Ascending; the applicant app sends them in the order chosen, which is answered from memory alike (each order is kept).
  const outcomeIds = allOutcomeIds.slice(400, 420).sort();
  return {
    headers,
    outcomeIds,
    allOutcomeIds,
    importResult,
    baselineRoutes: { '/api/Indicator/GetIndicatorType': { sql: CHAINS_SQL, params: [outcomeIds] } },
  };
}

/** 20 outcomes drawn at random for every request: the answers the product keeps in memory never serve (its SQL path). */
async function loadUncached(url, headers, ids, seconds = 8) {
  const pick = () => {
    const chosen = new Set();
    while (chosen.size < 20) chosen.add(ids[Math.floor(Math.random() * ids.length)]);
    return JSON.stringify([...chosen].sort());
  };
  return warmedLoad(
    {
      url,
      connections: 50,
      method: 'POST',
      headers: { ...BROWSER_HEADERS, ...headers, 'Content-Type': 'application/json' },
      requests: [{ setupRequest: (req) => ({ ...req, body: pick() }) }],
    },
    seconds,
  );
}

export async function run({ product, baseline, headers, outcomeIds, allOutcomeIds, importResult }) {
  const body = JSON.stringify(outcomeIds);
  const post = { method: 'POST', body, headers: { ...headers, 'Content-Type': 'application/json' } };
  const p = await load(`${product.url}/api/Indicator/GetIndicatorType`, post);
  const b = await load(`${baseline.url}/api/Indicator/GetIndicatorType`, post);
  return {
    [`import ${LINES} lines`]: importResult,
    'POST /api/Indicator/GetIndicatorType (20 outcomes, 5,000-line framework)': {
      product: p,
      baseline: b,
      ratio: +(p.requestsPerSecond / b.requestsPerSecond).toFixed(2),
    },
    'POST /api/Indicator/GetIndicatorType, 20 random outcomes per request (never from memory)': await loadUncached(
      `${product.url}/api/Indicator/GetIndicatorType`,
      headers,
      allOutcomeIds,
    ),
  };
}
