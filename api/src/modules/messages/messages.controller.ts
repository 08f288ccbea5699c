import { Body, Controller, Delete, Get, Param, Post, Put, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { CurrentUser, type AuthUser } from '../../common/auth/access.decorator.js';
import { ApiListQuery, ListParams, type ListQuery, sendPage } from '../../common/http/pagination.js';
import {
  CallMessageSettingsDto,
  MessageDetailDto,
  MessageDto,
  MessageTemplateDto,
  PreviewMessageTemplateDto,
  RenderedMessageDto,
  SaveCallMessageSettingsDto,
  SaveMessageTemplateDto,
  SendEmailDto,
  SendEmailPreviewDto,
  SendEmailPreviewResultDto,
  SendEmailResultDto,
  SetLanguageDto,
} from './dto/messages.dto.js';
import { MESSAGE_SORTABLE } from './messages.repository.js';
import { MessagesService } from './messages.service.js';
import { Endpoint } from '../../common/http/endpoint.decorator.js';
import { UuidParam } from '../../common/http/uuid-query.js';

const ADMIN = { admin: true } as const;

/** The spec's SendEmail group: administrators write to a call's applicants or to addresses. */
@ApiTags('SendEmail')
@Controller('SendEmail')
export class SendEmailController {
  constructor(private readonly messages: MessagesService) {}

  @Post('SendEmail')
  @Endpoint('sendEmail', 'Queue a message to the applicants of a call (by submission state) and/or explicit addresses; answers how many', {
    access: ADMIN,
    ok: SendEmailResultDto,
    status: 202,
    errors: { 400: 'Unknown call, empty subject or body, too many or malformed addresses' },
  })
  send(@CurrentUser() user: AuthUser, @Body() dto: SendEmailDto): Promise<SendEmailResultDto> {
    return this.messages.sendEmail(user, dto);
  }

  @Post('Preview')
  @Endpoint('previewEmail', 'What SendEmail would send: the number of recipients and the message rendered with sample values', {
    access: ADMIN,
    ok: SendEmailPreviewResultDto,
    errors: { 400: true },
  })
  preview(@Body() dto: SendEmailPreviewDto): Promise<SendEmailPreviewResultDto> {
    return this.messages.previewEmail(dto);
  }
}

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
    res.header('Content-Range', `message-templates 0-${Math.max(0, all.length - 1)}/${all.length}`);
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

/** The console's call-message-settings resource (id = the call's id): the reminders' lead time. */
@ApiTags('Admin')
@Controller('admin/call-message-settings')
export class CallMessageSettingsAdminController {
  constructor(private readonly messages: MessagesService) {}

  @Get(':id')
  @Endpoint('adminGetCallMessageSettings', "A call's message settings (default: reminders 7 days before)", {
    access: ADMIN,
    ok: CallMessageSettingsDto,
    errors: { 404: true },
  })
  get(@UuidParam('id') id: string): Promise<CallMessageSettingsDto> {
    return this.messages.callSettings(id);
  }

  @Put(':id')
  @Endpoint('adminSaveCallMessageSettings', "Save a call's message settings", {
    access: ADMIN,
    ok: CallMessageSettingsDto,
    errors: { 400: true, 404: true },
  })
  save(@UuidParam('id') id: string, @Body() dto: SaveCallMessageSettingsDto): Promise<CallMessageSettingsDto> {
    return this.messages.saveCallSettings(id, dto.reminderDays);
  }
}

/** The signed-in person's language, as last used in the applicant app: their messages go in it. */
@ApiTags('User')
@Controller('User')
export class UserLanguageController {
  constructor(private readonly messages: MessagesService) {}

  @Put('Language')
  @Endpoint('setUserLanguage', 'Remember the language the person uses (it, en, fr) for their messages', {
    access: {},
    status: 204,
    errors: { 400: true },
  })
  async setLanguage(@CurrentUser() user: AuthUser, @Body() dto: SetLanguageDto): Promise<void> {
    await this.messages.setLanguage(user, dto.language);
  }
}
