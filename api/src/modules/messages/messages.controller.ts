import { Body, Controller, Delete, Get, HttpCode, Param, ParseUUIDPipe, Post, Put, Res } from '@nestjs/common';
import {
  ApiAcceptedResponse,
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiNoContentResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import type { Response } from 'express';
import { Access, CurrentUser, type AuthUser } from '../../common/auth/access.decorator.js';
import { ErrorResponseDto } from '../../common/http/error-response.dto.js';
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

const ADMIN = { admin: true } as const;

/** The spec's SendEmail group: administrators write to a call's applicants or to addresses. */
@ApiTags('SendEmail')
@Controller('SendEmail')
export class SendEmailController {
  constructor(private readonly messages: MessagesService) {}

  @Post('SendEmail')
  @HttpCode(202)
  @Access(ADMIN)
  @ApiOperation({
    operationId: 'sendEmail',
    summary: 'Queue a message to the applicants of a call (by submission state) and/or explicit addresses; answers how many',
  })
  @ApiAcceptedResponse({ type: SendEmailResultDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: 'Unknown call, empty subject or body, too many or malformed addresses' })
  send(@CurrentUser() user: AuthUser, @Body() dto: SendEmailDto): Promise<SendEmailResultDto> {
    return this.messages.sendEmail(user, dto);
  }

  @Post('Preview')
  @HttpCode(200)
  @Access(ADMIN)
  @ApiOperation({
    operationId: 'previewEmail',
    summary: 'What SendEmail would send: the number of recipients and the message rendered with sample values',
  })
  @ApiOkResponse({ type: SendEmailPreviewResultDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto })
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
  @Access(ADMIN)
  @ApiOperation({
    operationId: 'adminListMessages',
    summary:
      'Messages, one page, newest first; filter q, state, kind, callId, batchId. ' +
      'The total (Content-Range) is exact up to 1,000 rows, else estimated, said by X-Total-Estimated: true',
  })
  @ApiListQuery()
  @ApiOkResponse({ type: [MessageDto] })
  async list(@ListParams(MESSAGE_SORTABLE) query: ListQuery, @Res({ passthrough: true }) res: Response): Promise<MessageDto[]> {
    return sendPage(res, 'messages', query, await this.messages.page(query));
  }

  @Get(':id')
  @Access(ADMIN)
  @ApiOperation({ operationId: 'adminGetMessage', summary: 'One message with its HTML and text parts' })
  @ApiOkResponse({ type: MessageDetailDto })
  @ApiNotFoundResponse({ type: ErrorResponseDto })
  get(@Param('id', new ParseUUIDPipe()) id: string): Promise<MessageDetailDto> {
    return this.messages.get(id);
  }

  @Post(':id/resend')
  @HttpCode(200)
  @Access(ADMIN)
  @ApiOperation({ operationId: 'adminResendMessage', summary: 'Send a failed message again' })
  @ApiOkResponse({ type: MessageDetailDto })
  @ApiNotFoundResponse({ type: ErrorResponseDto })
  @ApiConflictResponse({ type: ErrorResponseDto, description: 'The message is not failed' })
  resend(@Param('id', new ParseUUIDPipe()) id: string): Promise<MessageDetailDto> {
    return this.messages.resend(id);
  }
}

/** The console's message-templates resource: each kind in each language (id `<kind>.<language>`). */
@ApiTags('Admin')
@Controller('admin/message-templates')
export class MessageTemplatesAdminController {
  constructor(private readonly messages: MessagesService) {}

  @Get()
  @Access(ADMIN)
  @ApiOperation({ operationId: 'adminListMessageTemplates', summary: 'Every template (kind x language), built-in or edited' })
  @ApiOkResponse({ type: [MessageTemplateDto] })
  async list(@Res({ passthrough: true }) res: Response): Promise<MessageTemplateDto[]> {
    const all = await this.messages.templates();
    res.setHeader('Content-Range', `message-templates 0-${Math.max(0, all.length - 1)}/${all.length}`);
    return all;
  }

  @Post('preview')
  @HttpCode(200)
  @Access(ADMIN)
  @ApiOperation({ operationId: 'adminPreviewMessageTemplate', summary: 'A template rendered with sample values (not saved)' })
  @ApiOkResponse({ type: RenderedMessageDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: 'Unknown placeholder, empty subject or body, unsafe HTML' })
  preview(@Body() dto: PreviewMessageTemplateDto): Promise<RenderedMessageDto> {
    return this.messages.previewTemplate(dto);
  }

  @Get(':id')
  @Access(ADMIN)
  @ApiOperation({ operationId: 'adminGetMessageTemplate', summary: 'One template' })
  @ApiOkResponse({ type: MessageTemplateDto })
  @ApiNotFoundResponse({ type: ErrorResponseDto })
  get(@Param('id') id: string): Promise<MessageTemplateDto> {
    return this.messages.template(id);
  }

  @Put(':id')
  @Access(ADMIN)
  @ApiOperation({ operationId: 'adminSaveMessageTemplate', summary: "Save a template's subject and body" })
  @ApiOkResponse({ type: MessageTemplateDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: 'Unknown placeholder, empty subject or body, unsafe HTML' })
  @ApiNotFoundResponse({ type: ErrorResponseDto })
  save(@CurrentUser() user: AuthUser, @Param('id') id: string, @Body() dto: SaveMessageTemplateDto): Promise<MessageTemplateDto> {
    return this.messages.saveTemplate(user, id, dto);
  }

  @Delete(':id')
  @Access(ADMIN)
  @ApiOperation({ operationId: 'adminResetMessageTemplate', summary: 'Back to the built-in text' })
  @ApiOkResponse({ type: MessageTemplateDto })
  @ApiNotFoundResponse({ type: ErrorResponseDto })
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
  @Access(ADMIN)
  @ApiOperation({ operationId: 'adminGetCallMessageSettings', summary: "A call's message settings (default: reminders 7 days before)" })
  @ApiOkResponse({ type: CallMessageSettingsDto })
  @ApiNotFoundResponse({ type: ErrorResponseDto })
  get(@Param('id', new ParseUUIDPipe()) id: string): Promise<CallMessageSettingsDto> {
    return this.messages.callSettings(id);
  }

  @Put(':id')
  @Access(ADMIN)
  @ApiOperation({ operationId: 'adminSaveCallMessageSettings', summary: "Save a call's message settings" })
  @ApiOkResponse({ type: CallMessageSettingsDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto })
  @ApiNotFoundResponse({ type: ErrorResponseDto })
  save(@Param('id', new ParseUUIDPipe()) id: string, @Body() dto: SaveCallMessageSettingsDto): Promise<CallMessageSettingsDto> {
    return this.messages.saveCallSettings(id, dto.reminderDays);
  }
}

/** The signed-in person's language, as last used in the applicant app: their messages go in it. */
@ApiTags('User')
@Controller('User')
export class UserLanguageController {
  constructor(private readonly messages: MessagesService) {}

  @Put('Language')
  @HttpCode(204)
  @Access({})
  @ApiOperation({ operationId: 'setUserLanguage', summary: 'Remember the language the person uses (it, en, fr) for their messages' })
  @ApiNoContentResponse()
  @ApiBadRequestResponse({ type: ErrorResponseDto })
  async setLanguage(@CurrentUser() user: AuthUser, @Body() dto: SetLanguageDto): Promise<void> {
    await this.messages.setLanguage(user, dto.language);
  }
}
