import { Controller, Get, Inject } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProperty, ApiTags } from '@nestjs/swagger';
import { Access } from '../../common/auth/access.decorator.js';
import { SETTINGS, type Settings } from '../../config/settings.js';

export class ConsoleSettingsDto {
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'SURVEYJS_LICENSE_KEY: the Survey Creator shows no "developer license" banner with it',
  })
  surveyJsLicenseKey: string | null;
}

/** Settings of the server that the console needs (issue 14: the SurveyJS licence key). */
@ApiTags('Admin')
@Controller('admin/console-settings')
export class ConsoleSettingsController {
  constructor(@Inject(SETTINGS) private readonly settings: Settings) {}

  @Get()
  @Access({ admin: true })
  @ApiOperation({ operationId: 'adminConsoleSettings', summary: "The server's settings the console uses (the SurveyJS licence key)" })
  @ApiOkResponse({ type: ConsoleSettingsDto })
  get(): ConsoleSettingsDto {
    return { surveyJsLicenseKey: this.settings.surveyJsLicenseKey ?? null };
  }
}
