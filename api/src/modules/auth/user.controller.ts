import { Controller, Get, Inject } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { isInEmailDomain, isLanguage } from '@impact-calls/domain';
import { CurrentUser, type AuthUser, SIGNED_IN } from '../../common/auth/access.decorator.js';
import { SETTINGS, type Settings } from '../../config/settings.js';
import { UserDto } from './dto/user.dto.js';
import { Endpoint } from '../../common/http/endpoint.decorator.js';

@ApiTags('User')
@Controller('User')
export class UserController {
  constructor(@Inject(SETTINGS) private readonly settings: Settings) {}

  @Get()
  @Endpoint('getCurrentUser', 'The signed-in user', { access: SIGNED_IN, ok: UserDto })
  me(@CurrentUser() user: AuthUser): UserDto {
    return {
      id: user.id,
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email,
      roles: user.roles,
      isAdmin: user.isAdmin,
      canCustomize: user.isAdmin && isInEmailDomain(user.email, this.settings.customizeEmailDomain),
      language: isLanguage(user.language) ? user.language : null,
    };
  }
}
