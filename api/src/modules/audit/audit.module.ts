import { Module } from '@nestjs/common';
import { AuditAdminController } from './audit-admin.controller.js';
import { AuditRepository } from './audit.repository.js';
import { AuditService } from './audit.service.js';

/** The audit trail (owner of audit_event): what administrators and reviewers did, written in the transaction of each change. */
@Module({
  controllers: [AuditAdminController],
  providers: [AuditRepository, AuditService],
  exports: [AuditService],
})
export class AuditModule {}
