import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { Sql } from '../../database/sql.js';
import { CallSubmissionEntity } from './call-submission.entity.js';
import { DemoSeeder, type DemoContentSeeder } from '../demo/demo-seeder.decorator.js';

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
    const [org] = await this.sql.rowsIn<{ id: string; userId: string }>(
      m,
      'demo-organization',
      `SELECT o.id, mb.user_id AS "userId" FROM organization o JOIN organization_member mb ON mb.organization_id = o.id
        WHERE o.archived_at IS NULL ORDER BY o.created_at, o.id LIMIT 1`,
      [],
    );
    const [call] = await this.sql.rowsIn<{ id: string; callTypeId: string }>(
      m,
      'demo-call',
      `SELECT id, call_type_id AS "callTypeId" FROM call
        WHERE now() BETWEEN opening_at AND closing_at AND NOT is_user_filter_enable ORDER BY created_at, id LIMIT 1`,
      [],
    );
    if (!org || !call) return;
    if (await m.exists(CallSubmissionEntity, { where: { callId: call.id, organizationId: org.id } })) return;
    const [submission] = await m.query<{ id: string }[]>(
      `INSERT INTO call_submission (call_id, organization_id, user_id, code) VALUES ($1, $2, $3, $4) RETURNING id`,
      [call.id, org.id, org.userId, `DEMO-${new Date().getUTCFullYear()}-0001`],
    );
    const [survey] = await this.sql.rowsIn<{ id: string }>(
      m,
      'demo-survey-step',
      `SELECT s.id FROM step s JOIN step_type t ON t.id = s.step_type_id WHERE s.call_type_id = $1 AND t.name = 'survey' ORDER BY s.sort LIMIT 1`,
      [call.callTypeId],
    );
    if (survey) {
      await m.query('INSERT INTO step_result (submission_id, step_id, content) VALUES ($1, $2, $3)', [
        submission.id,
        survey.id,
        JSON.stringify({ data: {}, currentPageNo: 0, completed: false }),
      ]);
    }
  }
}
