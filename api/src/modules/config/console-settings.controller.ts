import { Controller, Get, Inject } from '@nestjs/common';
import { ApiProperty, ApiTags } from '@nestjs/swagger';
import { SETTINGS, type Settings } from '../../config/settings.js';
import { Endpoint } from '../../common/http/endpoint.decorator.js';
import { ADMIN } from '../../common/auth/access.decorator.js';

export class ConsoleSettingsDto {
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'SURVEYJS_LICENSE_KEY: the Survey Creator shows no "developer license" banner with it',
  })
  surveyJsLicenseKey: string | null;
}

/** Settings of the server that the console needs (the SurveyJS licence key). */
@ApiTags('Admin')
@Controller('admin/console-settings')
export class ConsoleSettingsController {
  constructor(@Inject(SETTINGS) private readonly settings: Settings) {}

  @Get()
  @Endpoint('adminConsoleSettings', "The server's settings the console uses (the SurveyJS licence key)", {
    access: ADMIN,
    ok: ConsoleSettingsDto,
  })
  get(): ConsoleSettingsDto {
    return { surveyJsLicenseKey: this.settings.surveyJsLicenseKey ?? null };
  }
}
