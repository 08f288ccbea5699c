import { Controller, Get, Inject } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Access, CurrentUser, type AuthUser } from '../../common/auth/access.decorator.js';
import { SETTINGS, type Settings } from '../../config/settings.js';
import { UserDto } from './dto/user.dto.js';

@ApiTags('User')
@Controller('User')
export class UserController {
  constructor(@Inject(SETTINGS) private readonly settings: Settings) {}

  @Get()
  @Access({})
  @ApiOperation({ operationId: 'getCurrentUser', summary: 'The signed-in user' })
  @ApiOkResponse({ type: UserDto })
  me(@CurrentUser() user: AuthUser): UserDto {
    const domain = this.settings.customizeEmailDomain;
    return {
      id: user.id,
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email,
      roles: user.roles,
      isAdmin: user.isAdmin,
      canCustomize: user.isAdmin && !!domain && user.email.endsWith(`@${domain}`),
    };
  }
}
