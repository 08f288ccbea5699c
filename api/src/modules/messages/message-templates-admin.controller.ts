import { Body, Controller, Delete, Get, Param, Post, Put, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { CurrentUser, type AuthUser, ADMIN } from '../../common/auth/access.decorator.js';
import { MessageTemplateDto, PreviewMessageTemplateDto, RenderedMessageDto, SaveMessageTemplateDto } from './dto/messages.dto.js';
import { MessagesService } from './messages.service.js';
import { Endpoint } from '../../common/http/endpoint.decorator.js';
import { setListRange } from '../../common/http/compression.js';
import { UuidQuery } from '../../common/http/uuid-query.js';

const CALL_QUERY = 'A call: its decision templates as that call uses them (its own version, else the global one, else built-in)';

/** The console's message-templates resource: each kind in each language (id `<kind>.<language>`). */
@ApiTags('Admin')
@Controller('admin/message-templates')
export class MessageTemplatesAdminController {
  constructor(private readonly messages: MessagesService) {}

  @Get()
  @Endpoint('adminListMessageTemplates', 'Every template (kind x language), built-in or edited', {
    access: ADMIN,
    ok: [MessageTemplateDto],
  })
  async list(
    @Res({ passthrough: true }) res: FastifyReply,
    @UuidQuery('callId', { optional: true, description: CALL_QUERY }) callId?: string,
  ): Promise<MessageTemplateDto[]> {
    const all = await this.messages.templates(callId);
    setListRange(res, `message-templates 0-${Math.max(0, all.length - 1)}/${all.length}`);
    return all;
  }

  @Post('preview')
  @Endpoint('adminPreviewMessageTemplate', 'A template rendered with sample values (not saved)', {
    access: ADMIN,
    ok: RenderedMessageDto,
    errors: { 400: 'Unknown placeholder, empty subject or body, unsafe HTML' },
  })
  preview(@Body() dto: PreviewMessageTemplateDto): Promise<RenderedMessageDto> {
    return this.messages.previewTemplate(dto);
  }

  @Get(':id')
  @Endpoint('adminGetMessageTemplate', 'One template', {
    access: ADMIN,
    ok: MessageTemplateDto,
    errors: { 400: 'Unknown call, or a kind without per-call versions', 404: true },
  })
  get(
    @Param('id') id: string,
    @UuidQuery('callId', { optional: true, description: CALL_QUERY }) callId?: string,
  ): Promise<MessageTemplateDto> {
    return this.messages.template(id, callId);
  }

  @Put(':id')
  @Endpoint('adminSaveMessageTemplate', "Save a template's subject and body", {
    access: ADMIN,
    ok: MessageTemplateDto,
    errors: { 400: 'Unknown placeholder, empty subject or body, unsafe HTML, unknown call', 404: true },
  })
  save(@CurrentUser() user: AuthUser, @Param('id') id: string, @Body() dto: SaveMessageTemplateDto): Promise<MessageTemplateDto> {
    return this.messages.saveTemplate(user, id, dto);
  }

  @Delete(':id')
  @Endpoint('adminResetMessageTemplate', "Back to the built-in text (with callId: the call's version removed, the global one used)", {
    access: ADMIN,
    ok: MessageTemplateDto,
    errors: { 400: 'Unknown call, or a kind without per-call versions', 404: true },
  })
  reset(
    @Param('id') id: string,
    @UuidQuery('callId', { optional: true, description: "Removes this call's version" }) callId?: string,
  ): Promise<MessageTemplateDto> {
    return this.messages.resetTemplate(id, callId);
  }
}
