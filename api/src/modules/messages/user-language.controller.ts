import { Body, Controller, Put } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CurrentUser, type AuthUser, SIGNED_IN } from '../../common/auth/access.decorator.js';
import { SetLanguageDto } from './dto/messages.dto.js';
import { UserService } from '../auth/user.service.js';
import { Endpoint } from '../../common/http/endpoint.decorator.js';

/** The signed-in person's language, as last used in the applicant app: their messages go in it. */
@ApiTags('User')
@Controller('User')
export class UserLanguageController {
  constructor(private readonly users: UserService) {}

  @Put('Language')
  @Endpoint('setUserLanguage', 'Remember the language the person uses (it, en, fr) for their messages', {
    access: SIGNED_IN,
    status: 204,
    errors: { 400: true },
  })
  async setLanguage(@CurrentUser() user: AuthUser, @Body() dto: SetLanguageDto): Promise<void> {
    await this.users.setLanguage(user.id, dto.language);
  }
}
