import { Controller, Get, Logger, Query, Res } from '@nestjs/common';
import { ApiQuery, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { ADMIN } from '../../common/auth/access.decorator.js';
import { Endpoint } from '../../common/http/endpoint.decorator.js';
import { ApiListQuery, ListParams, parseListQuery, type ListQuery, sendPage } from '../../common/http/pagination.js';
import { streamedAnswer } from '../../common/http/send-json.js';
import { runStreamedDownload } from '../../common/http/streamed-download.js';
import { UuidParam } from '../../common/http/uuid-query.js';
import { auditCsvHeader, auditCsvRow } from './audit-csv.js';
import { AuditService, auditFilter, MAX_AUDIT_EXPORT } from './audit.service.js';
import { AuditEventDto } from './dto/audit.dto.js';

const FILTERS = 'filter: actorId, actor (part of an e-mail address), entity, entityId, action, from, to (a date alone: the whole day)';

/** The console's audit trail: read only. No route changes or deletes an event. */
@ApiTags('Admin')
@Controller('admin/audit')
export class AuditAdminController {
  private readonly logger = new Logger('Audit');

  constructor(private readonly audit: AuditService) {}

  @Get()
  @Endpoint('adminListAudit', `Audit events, one page, newest first; ${FILTERS}`, {
    access: ADMIN,
    ok: [AuditEventDto],
    errors: { 400: true },
  })
  @ApiListQuery()
  async list(@ListParams(['at']) query: ListQuery, @Res({ passthrough: true }) res: FastifyReply): Promise<AuditEventDto[]> {
    return sendPage(res, 'audit', query, await this.audit.page(query));
  }

  @Get('export')
  @Endpoint('adminExportAudit', `The filtered audit events as CSV (streamed, newest first, at most ${MAX_AUDIT_EXPORT}); ${FILTERS}`, {
    access: ADMIN,
    file: 'text/csv',
    errors: { 400: true },
  })
  @ApiQuery({ name: 'filter', required: false, description: 'JSON object of filters, as the list', example: '{"entity":"call"}' })
  async export(@Query() query: Record<string, unknown>, @Res() res: FastifyReply): Promise<void> {
    const filter = auditFilter(parseListQuery({ filter: query.filter }, []).filter);
    await this.audit.recordAlone({ action: 'audit.export', entity: 'audit', summary: JSON.stringify(filter) });
    const raw = streamedAnswer(res);
    raw.setHeader('Content-Type', 'text/csv; charset=utf-8');
    raw.setHeader('Content-Disposition', `attachment; filename="audit-${new Date().toISOString().slice(0, 10)}.csv"`);
    raw.setHeader('X-Content-Type-Options', 'nosniff');
    raw.setHeader('Cache-Control', 'private, no-store');
    await runStreamedDownload(res, this.logger, async () => {
      // A BOM, so spreadsheet programs read the text as UTF-8.
      await write(raw, `\uFEFF${auditCsvHeader()}`);
      for await (const chunk of this.audit.all(filter)) await write(raw, chunk.map(auditCsvRow).join(''));
      raw.end();
    });
  }

  @Get(':id')
  @Endpoint('adminGetAudit', 'One audit event with its diff', { access: ADMIN, ok: AuditEventDto, errors: { 404: true } })
  get(@UuidParam('id') id: string): Promise<AuditEventDto> {
    return this.audit.get(id);
  }
}

/** Writes `text`, waiting while the client's buffer is full. */
function write(out: NodeJS.WritableStream, text: string): Promise<void> {
  if (out.write(text)) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const done = (e?: unknown) => {
      out.off('drain', done);
      out.off('close', closed);
      if (e) reject(e instanceof Error ? e : new Error(String(e)));
      else resolve();
    };
    const closed = () => done(new Error('The client went away'));
    out.once('drain', done);
    out.once('close', closed);
  });
}
