import { Body, Controller, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CurrentUser, type AuthUser, ADMIN } from '../../common/auth/access.decorator.js';
import { SendEmailDto, SendEmailPreviewDto, SendEmailPreviewResultDto, SendEmailResultDto } from './dto/messages.dto.js';
import { MessagesService } from './messages.service.js';
import { Endpoint } from '../../common/http/endpoint.decorator.js';

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
