import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { CallSubmissionEntity } from './call-submission.entity.js';

@Injectable()
export class CallSubmissionsRepository {
  constructor(@InjectRepository(CallSubmissionEntity) private readonly subs: Repository<CallSubmissionEntity>) {}

  findByCallAndOrganization(callId: string, organizationId: string): Promise<CallSubmissionEntity | null> {
    return this.subs.findOne({ where: { callId, organizationId } });
  }

  /** Inserts unless the call+organization already has one; answers whether a row was inserted. */
  async insertIfAbsent(row: Pick<CallSubmissionEntity, 'callId' | 'organizationId' | 'userId' | 'code'>): Promise<boolean> {
    const rows: unknown[] = await this.subs.manager.query(
      `INSERT INTO call_submission (call_id, organization_id, user_id, code) VALUES ($1, $2, $3, $4)
       ON CONFLICT (call_id, organization_id) DO NOTHING RETURNING id`,
      [row.callId, row.organizationId, row.userId, row.code],
    );
    return rows.length > 0;
  }
}
