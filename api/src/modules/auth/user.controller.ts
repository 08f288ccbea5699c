import { Controller, Get } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { isLanguage } from '@impact-calls/domain';
import { AccessPolicy } from '../../common/access/access.policy.js';
import { Permission } from '../../common/access/permission.js';
import { CurrentUser, type AuthUser, SIGNED_IN } from '../../common/auth/access.decorator.js';
import { UserDto } from './dto/user.dto.js';
import { Endpoint } from '../../common/http/endpoint.decorator.js';

@ApiTags('User')
@Controller('User')
export class UserController {
  constructor(private readonly access: AccessPolicy) {}

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
      // The rule of the CUSTOMIZE routes, asked of the policy the guard asks (one comparison of the domain, any case).
      canCustomize: this.access.granted({ user }, Permission.BrandingCustomize),
      language: isLanguage(user.language) ? user.language : null,
    };
  }
}
