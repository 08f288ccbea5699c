import { Injectable } from '@nestjs/common';
import { sql } from 'kysely';
import type { EntityManager } from 'typeorm';
import { Sql } from '../../database/sql.js';
import { db, statement } from '../../database/typed-sql.js';
import { DemoSeeder, type DemoContentSeeder } from '../demo/demo-seeder.decorator.js';
import { StepsService } from '../steps/steps.service.js';
import { insertSubmission } from './submission.repository.js';

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
const insertResult = statement('demo-step-result-insert', (p: { submissionId: string; stepId: string; content: string }) =>
  db.insertInto('stepResult').values({ submissionId: p.submissionId, stepId: p.stepId, content: p.content }),
);

/** An in-progress submission of the first demo organization to the first open demo call, its first survey half filled. */
@Injectable()
@DemoSeeder(50)
export class SubmissionsDemoSeeder implements DemoContentSeeder {
  constructor(
    private readonly sql: Sql,
    private readonly steps: StepsService,
  ) {}

  async seed(m: EntityManager): Promise<void> {
    const [org] = await this.sql.run(firstOrganization, {}, m);
    const [call] = await this.sql.run(firstOpenCall, {}, m);
    if (!org || !call) return;
    const code = `DEMO-${new Date().getUTCFullYear()}-0001`;
    const [submission] = await this.sql.run(insertSubmission, { callId: call.id, organizationId: org.id, userId: org.userId, code }, m);
    // None when the organization already has one.
    if (!submission) return;
    const survey = (await this.steps.stepsOf(call.callTypeId, m)).find((x) => x.kind === 'survey');
    if (survey) {
      const content = JSON.stringify({ data: {}, currentPageNo: 0, completed: false });
      await this.sql.run(insertResult, { submissionId: submission.id, stepId: survey.step.id, content }, m);
    }
  }
}
