import { Body, Controller, Delete, Get, HttpCode, Param, ParseUUIDPipe, Post } from '@nestjs/common';
import { ApiNoContentResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Access, type AuthUser, CurrentSession, CurrentUser } from '../../../common/auth/access.decorator.js';
import { ErrorResponseDto } from '../../../common/http/error-response.dto.js';
import { EndedSessionsDto, EndSessionsDto, SessionDto } from '../dto/session.dto.js';
import { toSessionDto } from './session.mapper.js';
import { SessionService } from './session.service.js';

/** The signed-in user's own sessions: listed, and ended one by one or everywhere. */
@ApiTags('User')
@Controller('User/sessions')
export class SessionsController {
  constructor(private readonly sessions: SessionService) {}

  @Get()
  @Access({})
  @ApiOperation({
    operationId: 'getMySessions',
    summary: 'The devices where you are signed in (active sessions), the most recently used first',
  })
  @ApiOkResponse({ type: [SessionDto] })
  async list(@CurrentUser() user: AuthUser, @CurrentSession() current: string): Promise<SessionDto[]> {
    return (await this.sessions.list(user.id)).map((s) => toSessionDto(s, current));
  }

  @Delete(':id')
  @HttpCode(204)
  @Access({})
  @ApiOperation({
    operationId: 'endMySession',
    summary: 'Signs one of your sessions out (its tokens stop working at once, on every server)',
  })
  @ApiNoContentResponse()
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'Not one of your active sessions (errors.session-not-found)' })
  async end(@CurrentUser() user: AuthUser, @Param('id', new ParseUUIDPipe()) id: string): Promise<void> {
    await this.sessions.end(id, 'ended-by-user', user.id);
  }

  @Post('end-all')
  @HttpCode(200)
  @Access({})
  @ApiOperation({ operationId: 'endAllMySessions', summary: 'Signs out everywhere (keepCurrent: everywhere but here)' })
  @ApiOkResponse({ type: EndedSessionsDto })
  async endAll(@CurrentUser() user: AuthUser, @CurrentSession() current: string, @Body() dto: EndSessionsDto): Promise<EndedSessionsDto> {
    return { ended: await this.sessions.endAll(user.id, 'signed-out-everywhere', dto.keepCurrent ? current : undefined) };
  }
}
