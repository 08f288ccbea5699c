import { Body, Controller, Delete, Get, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { type AuthUser, CurrentSession, CurrentUser, SIGNED_IN } from '../../../common/auth/access.decorator.js';
import { EndedSessionsDto, EndSessionsDto, SessionDto } from '../dto/session.dto.js';
import { SessionService } from './session.service.js';
import { Endpoint } from '../../../common/http/endpoint.decorator.js';
import { UuidParam } from '../../../common/http/uuid-query.js';

/** The signed-in user's own sessions: listed, and ended one by one or everywhere. */
@ApiTags('User')
@Controller('User/sessions')
export class SessionsController {
  constructor(private readonly sessions: SessionService) {}

  @Get()
  @Endpoint('getMySessions', 'The devices where you are signed in (active sessions), the most recently used first', {
    access: SIGNED_IN,
    ok: [SessionDto],
  })
  list(@CurrentUser() user: AuthUser, @CurrentSession() current: string): Promise<SessionDto[]> {
    return this.sessions.list(user.id, current);
  }

  @Delete(':id')
  @Endpoint('endMySession', 'Signs one of your sessions out (its tokens stop working at once, on every server)', {
    access: SIGNED_IN,
    status: 204,
    errors: { 404: 'Not one of your active sessions (errors.session-not-found)' },
  })
  async end(@CurrentUser() user: AuthUser, @UuidParam('id') id: string): Promise<void> {
    await this.sessions.end(id, 'ended-by-user', user.id);
  }

  @Post('end-all')
  @Endpoint('endAllMySessions', 'Signs out everywhere (keepCurrent: everywhere but here)', { access: SIGNED_IN, ok: EndedSessionsDto })
  async endAll(@CurrentUser() user: AuthUser, @CurrentSession() current: string, @Body() dto: EndSessionsDto): Promise<EndedSessionsDto> {
    return { ended: await this.sessions.endAll(user.id, 'signed-out-everywhere', dto.keepCurrent ? current : undefined) };
  }
}
