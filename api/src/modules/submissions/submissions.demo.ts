import { Injectable } from '@nestjs/common';
import { sql } from 'kysely';
import type { EntityManager } from 'typeorm';
import { Sql } from '../../database/sql.js';
import { db, statement } from '../../database/typed-sql.js';
import { DemoSeeder, type DemoContentSeeder } from '../demo/demo-seeder.decorator.js';

const firstOrganization = statement('demo-organization', () =>
  db
    .selectFrom('organization as o')
    .innerJoin('organizationMember as mb', 'mb.organizationId', 'o.id')
    .select(['o.id', 'mb.userId'])
    .where('o.archivedAt', 'is', null)
    .orderBy('o.createdAt')
    .orderBy('o.id')
    .limit(1),
);
const firstOpenCall = statement('demo-call', () =>
  db
    .selectFrom('call')
    .select(['id', 'callTypeId'])
    .where(sql<boolean>`now() BETWEEN opening_at AND closing_at`)
    .where('isUserFilterEnable', '=', false)
    .orderBy('createdAt')
    .orderBy('id')
    .limit(1),
);
const existing = statement('demo-submission', (p: { callId: string; organizationId: string }) =>
  db.selectFrom('callSubmission').select('id').where('callId', '=', p.callId).where('organizationId', '=', p.organizationId),
);
const insertSubmission = statement(
  'demo-submission-insert',
  (p: { callId: string; organizationId: string; userId: string; code: string }) =>
    db
      .insertInto('callSubmission')
      .values({ callId: p.callId, organizationId: p.organizationId, userId: p.userId, code: p.code })
      .returning('id'),
);
const firstSurveyStep = statement('demo-survey-step', (p: { callTypeId: string }) =>
  db
    .selectFrom('step as s')
    .innerJoin('stepType as t', 't.id', 's.stepTypeId')
    .select('s.id')
    .where('s.callTypeId', '=', p.callTypeId)
    .where('t.name', '=', 'survey')
    .orderBy('s.sort')
    .limit(1),
);
const insertResult = statement('demo-step-result-insert', (p: { submissionId: string; stepId: string; content: string }) =>
  db.insertInto('stepResult').values({ submissionId: p.submissionId, stepId: p.stepId, content: p.content }),
);

/**
 * An in-progress submission for the first demo organization on the first open demo call
 * (when the identity and calls seeders made them), with the first survey step half filled,
 * so the fill screen and the console's review have something to show.
 */
@Injectable()
@DemoSeeder(50)
export class SubmissionsDemoSeeder implements DemoContentSeeder {
  constructor(private readonly sql: Sql) {}

  async seed(m: EntityManager): Promise<void> {
    const [org] = await this.sql.run(firstOrganization, {}, m);
    const [call] = await this.sql.run(firstOpenCall, {}, m);
    if (!org || !call) return;
    if ((await this.sql.run(existing, { callId: call.id, organizationId: org.id }, m)).length) return;
    const code = `DEMO-${new Date().getUTCFullYear()}-0001`;
    const [submission] = await this.sql.run(insertSubmission, { callId: call.id, organizationId: org.id, userId: org.userId, code }, m);
    const [survey] = await this.sql.run(firstSurveyStep, { callTypeId: call.callTypeId }, m);
    if (survey) {
      const content = JSON.stringify({ data: {}, currentPageNo: 0, completed: false });
      await this.sql.run(insertResult, { submissionId: submission.id, stepId: survey.id, content }, m);
    }
  }
}
