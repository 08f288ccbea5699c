import { Body, Controller, Delete, Get, Param, Post, Put, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { CurrentUser, type AuthUser, ADMIN } from '../../common/auth/access.decorator.js';
import { MessageTemplateDto, PreviewMessageTemplateDto, RenderedMessageDto, SaveMessageTemplateDto } from './dto/messages.dto.js';
import { MessagesService } from './messages.service.js';
import { Endpoint } from '../../common/http/endpoint.decorator.js';
import { setListRange } from '../../common/http/compression.js';

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
  async list(@Res({ passthrough: true }) res: FastifyReply): Promise<MessageTemplateDto[]> {
    const all = await this.messages.templates();
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
  @Endpoint('adminGetMessageTemplate', 'One template', { access: ADMIN, ok: MessageTemplateDto, errors: { 404: true } })
  get(@Param('id') id: string): Promise<MessageTemplateDto> {
    return this.messages.template(id);
  }

  @Put(':id')
  @Endpoint('adminSaveMessageTemplate', "Save a template's subject and body", {
    access: ADMIN,
    ok: MessageTemplateDto,
    errors: { 400: 'Unknown placeholder, empty subject or body, unsafe HTML', 404: true },
  })
  save(@CurrentUser() user: AuthUser, @Param('id') id: string, @Body() dto: SaveMessageTemplateDto): Promise<MessageTemplateDto> {
    return this.messages.saveTemplate(user, id, dto);
  }

  @Delete(':id')
  @Endpoint('adminResetMessageTemplate', 'Back to the built-in text', { access: ADMIN, ok: MessageTemplateDto, errors: { 404: true } })
  reset(@Param('id') id: string): Promise<MessageTemplateDto> {
    return this.messages.resetTemplate(id);
  }
}
