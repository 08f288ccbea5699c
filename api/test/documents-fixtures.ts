import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Test } from 'supertest';
import yauzl from 'yauzl';
import type { TestApp } from './app.js';
import { FILL_QUIZ_KEY, FILL_UPLOAD_SLOTS, testFiles, type TestUser } from './factory.js';

/** A survey whose questions have titles (one localized) and choices with labels, so the PDF must show labels, not values. */
export const DOC_SURVEY = {
  pages: [
    {
      name: 'p1',
      elements: [
        { type: 'text', name: 'mission', title: { default: 'What is your mission?', it: 'Qual è la vostra missione?' }, isRequired: true },
        {
          type: 'radiogroup',
          name: 'size',
          title: 'How large is the team?',
          choices: [
            { value: 'small', text: { default: 'Fewer than ten people', it: 'Meno di dieci persone' } },
            { value: 'large', text: 'Ten or more people' },
          ],
        },
        {
          type: 'checkbox',
          name: 'areas',
          title: 'Areas of work',
          choices: [
            { value: 'h', text: 'Public health' },
            { value: 'e', text: 'Adult education' },
            { value: 'c', text: 'Culture' },
          ],
        },
        { type: 'boolean', name: 'ngo', title: 'Registered as a non-profit?' },
        { type: 'comment', name: 'story', title: 'Tell us your story' },
      ],
    },
  ],
};

export interface FilledSubmission {
  callId: string;
  callName: string;
  submissionId: string;
  code: string;
  applicant: TestUser;
  orgId: string;
  h: Record<string, string>;
  stepIds: Record<string, string>;
  outcomeNames: string[];
}

/** Reads a binary answer into a Buffer. */
export function binary(req: Test): Test {
  return req.buffer(true).parse((res, done) => {
    const chunks: Buffer[] = [];
    res.on('data', (c: Buffer) => chunks.push(c));
    res.on('end', () => done(null, Buffer.concat(chunks)));
  });
}

/** The text of a PDF, as poppler's pdftotext reads it (layout kept). */
export function pdfText(pdf: Buffer): string {
  const dir = mkdtempSync(join(tmpdir(), 'ic-pdf-'));
  try {
    writeFileSync(join(dir, 'in.pdf'), pdf);
    execFileSync('pdftotext', ['-enc', 'UTF-8', join(dir, 'in.pdf'), join(dir, 'out.txt')]);
    return readFileSync(join(dir, 'out.txt'), 'utf8');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Number of pages of a PDF (pdfinfo). */
export function pdfPages(pdf: Buffer): number {
  const dir = mkdtempSync(join(tmpdir(), 'ic-pdf-'));
  try {
    writeFileSync(join(dir, 'in.pdf'), pdf);
    const info = execFileSync('pdfinfo', [join(dir, 'in.pdf')], { encoding: 'utf8' });
    return Number(/^Pages:\s+(\d+)/m.exec(info)?.[1] ?? 0);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Every entry of a ZIP (names in order, with their bytes). */
export function unzip(zip: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(zip, { lazyEntries: true }, (err, file) => {
      if (err || !file) return reject(err ?? new Error('no zip'));
      const out = new Map<string, Buffer>();
      file.on('entry', (entry: yauzl.Entry) => {
        file.openReadStream(entry, (e, stream) => {
          if (e || !stream) return reject(e ?? new Error('no stream'));
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => {
            out.set(entry.fileName, Buffer.concat(chunks));
            file.readEntry();
          });
        });
      });
      file.on('end', () => resolve(out));
      file.on('error', reject);
      file.readEntry();
    });
  });
}

interface FrameworkDetail {
  id: string;
  stakeholders: { id: string; name: string }[];
  outcomes: {
    id: string;
    name: string;
    sdg: number;
    indicators: { id: string; name: string; proxies: { id: string; name: string; defaultValue: number }[] }[];
  }[];
}

/**
 * A call of every step kind (text, upload, survey, quiz, miniDyi, results) with
 * enableUserDownloadPdf, and an applicant's submission of it, filled: a file in the first
 * upload slot (the second left empty), the survey, the quiz, and a miniDyi of `indicators`
 * outcomes with one indicator each; closed unless `closed: false`.
 */
export async function filledSubmission(
  t: TestApp,
  o: { indicators?: number; closed?: boolean; enableUserDownloadPdf?: boolean; survey?: Record<string, unknown>; textHtml?: string } = {},
): Promise<FilledSubmission> {
  const count = o.indicators ?? 3;
  const reader = await t.factory.user();
  const fwId = (await t.factory.impactFramework({ outcomes: Math.max(count, 1) })).id;
  const fw = (await t.http.get(`/api/ImpactFramework/GetImpactFrameworkById?ImpactFrameworkId=${fwId}`).set(reader.headers()).expect(200))
    .body as FrameworkDetail;
  const call = await t.factory.call({
    enableUserDownloadPdf: o.enableUserDownloadPdf ?? true,
    steps: [
      { kind: 'text', name: 'Welcome', content: { html: o.textHtml ?? '<p>Welcome to the <strong>Green Futures</strong> call.</p>' } },
      { kind: 'upload', name: 'Documents', content: FILL_UPLOAD_SLOTS },
      { kind: 'survey', name: 'About you', content: DOC_SURVEY },
      {
        kind: 'quiz',
        name: 'Quiz',
        content: {
          pages: [
            {
              elements: Object.entries(FILL_QUIZ_KEY).map(([name, correctAnswer]) => ({
                type: 'radiogroup',
                name,
                title: `Question ${name}`,
                choices: [
                  { value: correctAnswer, text: `Answer ${correctAnswer}` },
                  { value: `${correctAnswer}-not`, text: `Not ${correctAnswer}` },
                ],
                correctAnswer,
              })),
            },
          ],
        },
      },
      {
        kind: 'miniDyi',
        name: 'Impact design',
        content: { frameworkId: fw.id, showSdgFilter: false, maxOutcomeSelect: Math.max(count, 1), maxSdgSelect: 17 },
      },
      { kind: 'results', name: 'Results', content: { lowerScore: 0, upperScore: 1 } },
    ],
  });
  const stepIds = Object.fromEntries(call.callType.steps.map((s) => [s.stepTypeName!, s.id]));
  const a = await t.factory.applicant(call.id);
  await t.http
    .post('/api/FileUpload/UploadFile')
    .set(a.h)
    .field('CallSubmissionId', a.submissionId)
    .field('StepId', stepIds.upload)
    .field('SlotIndex', '0')
    .field('Descrizione', 'Our project plan for 2027')
    .attach('File', testFiles.pdf(900), 'plan.pdf')
    .expect(200);
  const save = (stepId: string, content: unknown) =>
    t.http.post('/api/Call/UpsertCallStepResult').set(a.h).send({ callSubmissionId: a.submissionId, stepId, content }).expect(200);
  await save(stepIds.survey, {
    data: o.survey ?? { mission: 'Clean rivers for every town', size: 'small', areas: ['h', 'c'], ngo: true, story: 'We started in 2019.' },
    currentPageNo: 0,
    completed: true,
  });
  await save(stepIds.quiz, { data: { q1: 'rome', q2: 'seven-not', q3: 'blue', q4: 'yes' }, currentPageNo: 0, completed: true });
  const outcomes = fw.outcomes.slice(0, count);
  await t.http
    .put('/api/ImpactFramework/PutMiniDYI')
    .set(a.h)
    .send({
      callSubmissionId: a.submissionId,
      stepId: stepIds.miniDyi,
      budget: 50000,
      budgetSpent: 1000,
      sdg: [...new Set(outcomes.map((x) => x.sdg))],
      selectedOutcomes: outcomes.map((x) => ({
        outcomeId: x.id,
        outcomeName: x.name,
        sdg: x.sdg,
        stakeholderId: fw.stakeholders[0].id,
        stakeholderName: fw.stakeholders[0].name,
        indicators: [
          {
            indicatorId: x.indicators[0].id,
            indicatorName: x.indicators[0].name,
            indicatorTargetValue: 10,
            proxyId: x.indicators[0].proxies[0].id,
            proxyName: x.indicators[0].proxies[0].name,
            proxyValue: x.indicators[0].proxies[0].defaultValue,
          },
        ],
      })),
    })
    .expect(200);
  if (o.closed !== false) await t.http.post(`/api/Call/CloseCallSubmission?callSubmissionId=${a.submissionId}`).set(a.h).expect(200);
  const code = ((await t.db.query('SELECT code FROM call_submission WHERE id = $1', [a.submissionId])) as { code: string }[])[0].code;
  return {
    callId: call.id,
    callName: call.name,
    submissionId: a.submissionId,
    code,
    applicant: a.user,
    orgId: a.orgId,
    h: a.h,
    stepIds,
    outcomeNames: outcomes.map((x) => x.name),
  };
}
