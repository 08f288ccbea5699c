import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

/** One changed field of an event (libs/domain `AuditChange`). */
export class AuditChangeDto {
  @ApiProperty({ description: 'The field, by path: name, colors.primary, steps[2].name' }) path: string;
  @ApiProperty({ enum: ['changed', 'added', 'removed'] }) kind: 'changed' | 'added' | 'removed';
  @ApiPropertyOptional({ description: 'The value before (absent when added, or for a long text)' }) before?: unknown;
  @ApiPropertyOptional({ description: 'The value after (absent when removed, or for a long text)' }) after?: unknown;
  @ApiPropertyOptional({ description: 'A long text before: its length only' }) beforeLength?: number;
  @ApiPropertyOptional({ description: 'A long text after: its length only' }) afterLength?: number;
}

export class AuditDiffDto {
  @ApiProperty({ type: [AuditChangeDto] }) changes: AuditChangeDto[];
  @ApiPropertyOptional({ description: 'How many more changes were left out' }) more?: number;
}

/** One event of the audit trail. */
export class AuditEventDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ format: 'date-time' }) at: string;
  @ApiProperty({ format: 'uuid', nullable: true, type: String, description: 'Null for the system' }) actorId: string | null;
  @ApiProperty({ nullable: true, type: String, description: 'The address as it was at the time' }) actorEmail: string | null;
  @ApiProperty({ description: 'admin, reviewer, user or system' }) actorRole: string;
  @ApiProperty({ description: 'What was done: call.update, submission.reopen, ...' }) action: string;
  @ApiProperty({ description: 'The kind of record: call, step, submission, ...' }) entity: string;
  @ApiProperty({ nullable: true, type: String }) entityId: string | null;
  @ApiProperty() summary: string;
  @ApiProperty({ type: AuditDiffDto, nullable: true }) diff: AuditDiffDto | null;
  @ApiProperty({ nullable: true, type: String, description: "The request's id, as the log lines say it" }) requestId: string | null;
  @ApiProperty({ nullable: true, type: String }) ip: string | null;
}
