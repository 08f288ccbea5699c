import { Body, Controller, Get, Put } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { ADMIN } from '../../common/auth/access.decorator.js';
import { CallMessageSettingsDto, SaveCallMessageSettingsDto } from './dto/messages.dto.js';
import { MessagesService } from './messages.service.js';
import { Endpoint } from '../../common/http/endpoint.decorator.js';
import { UuidParam } from '../../common/http/uuid-query.js';

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
