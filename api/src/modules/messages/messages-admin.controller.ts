import { Controller, Get, Post, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { ADMIN } from '../../common/auth/access.decorator.js';
import { ApiListQuery, ListParams, type ListQuery, sendPage } from '../../common/http/pagination.js';
import { MessageDetailDto, MessageDto } from './dto/messages.dto.js';
import { MESSAGE_SORTABLE } from './messages.repository.js';
import { MessagesService } from './messages.service.js';
import { Endpoint } from '../../common/http/endpoint.decorator.js';
import { UuidParam } from '../../common/http/uuid-query.js';

/** The console's messages resource: the outbox (every message, its state and attempts), re-send. Filters: q, state, kind, callId, batchId. */
@ApiTags('Admin')
@Controller('admin/messages')
export class MessagesAdminController {
  constructor(private readonly messages: MessagesService) {}

  @Get()
  @Endpoint(
    'adminListMessages',
    'Messages, one page, newest first; filter q, state, kind, callId, batchId. ' +
      'The total (Content-Range) is exact up to 1,000 rows, else estimated, said by X-Total-Estimated: true',
    {
      access: ADMIN,
      ok: [MessageDto],
    },
  )
  @ApiListQuery()
  async list(@ListParams(MESSAGE_SORTABLE) query: ListQuery, @Res({ passthrough: true }) res: FastifyReply): Promise<MessageDto[]> {
    return sendPage(res, 'messages', query, await this.messages.page(query));
  }

  @Get(':id')
  @Endpoint('adminGetMessage', 'One message with its HTML and text parts', { access: ADMIN, ok: MessageDetailDto, errors: { 404: true } })
  get(@UuidParam('id') id: string): Promise<MessageDetailDto> {
    return this.messages.get(id);
  }

  @Post(':id/resend')
  @Endpoint('adminResendMessage', 'Send a failed message again', {
    access: ADMIN,
    ok: MessageDetailDto,
    errors: { 404: true, 409: 'The message is not failed' },
  })
  resend(@UuidParam('id') id: string): Promise<MessageDetailDto> {
    return this.messages.resend(id);
  }
}
