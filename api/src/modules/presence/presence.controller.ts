import { Body, Controller, Get, Put, Query, Req, Res } from '@nestjs/common';
import { ApiQuery, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { APPLICANT, CurrentOrganization, CurrentUser, type AuthUser } from '../../common/auth/access.decorator.js';
import { Endpoint } from '../../common/http/endpoint.decorator.js';
import { streamedAnswer } from '../../common/http/send-json.js';
import { UuidParam } from '../../common/http/uuid-query.js';
import { PresenceStepDto } from './dto/presence.dto.js';
import { PresenceService } from './presence.service.js';

/**
 * Who else has an application open, as Server-Sent Events: first `event: hello` with this
 * connection's id, then `event: presence` with `{"others": [{userId, name, step}]}` at every change.
 */
@ApiTags('Presence')
@Controller('presence')
export class PresenceController {
  constructor(private readonly presence: PresenceService) {}

  @Get('submissions/:submissionId')
  @Endpoint(
    'presenceStream',
    'Who else of the organization has this application open, and on which step: Server-Sent Events, `hello` {connectionId} then `presence` {others: [{userId, name, step}]} at every change',
    {
      access: APPLICANT,
      file: 'text/event-stream',
      errors: { 404: true },
    },
  )
  @ApiQuery({ name: 'step', required: false, description: 'The step open when connecting' })
  async stream(
    @CurrentUser() user: AuthUser,
    @CurrentOrganization(true) organizationId: string,
    @UuidParam('submissionId') submissionId: string,
    @Query('step') step: string | undefined,
    @Req() req: FastifyRequest,
    @Res() res: FastifyReply,
  ): Promise<void> {
    await this.presence.requireReadable(user, organizationId, submissionId);
    const raw = streamedAnswer(res);
    raw.setHeader('Content-Type', 'text/event-stream; charset=utf-8');
    raw.setHeader('Cache-Control', 'no-store');
    raw.setHeader('X-Accel-Buffering', 'no');
    raw.flushHeaders();
    const write = (text: string) => void (raw.writableEnded || raw.write(text));
    const connectionId = this.presence.open(user, submissionId, step?.slice(0, 64) || null, {
      send: (others) => write(`event: presence\ndata: ${JSON.stringify({ others })}\n\n`),
      ping: () => write(': ping\n\n'),
      end: () => raw.end(),
    });
    write(`event: hello\ndata: ${JSON.stringify({ connectionId })}\n\n`);
    req.raw.once('close', () => this.presence.close(connectionId));
    raw.once('close', () => this.presence.close(connectionId));
  }

  @Put('submissions/:submissionId')
  @Endpoint('presenceStep', 'Says which step the application open on this connection is on', {
    access: APPLICANT,
    status: 204,
    errors: { 400: true, 404: true },
  })
  step(@CurrentUser() user: AuthUser, @UuidParam('submissionId') submissionId: string, @Body() dto: PresenceStepDto): void {
    this.presence.move(user, submissionId, dto.connectionId, dto.step);
  }
}
