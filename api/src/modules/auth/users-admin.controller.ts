import { Controller, Delete, Get, HttpCode, Param, ParseUUIDPipe, Post, Res } from '@nestjs/common';
import { ApiNoContentResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { Access, CurrentSession } from '../../common/auth/access.decorator.js';
import { ErrorResponseDto } from '../../common/http/error-response.dto.js';
import { ApiListQuery, ListParams, type ListQuery, sendPage } from '../../common/http/pagination.js';
import { AdminUserDetailDto, AdminUserDto, EndedSessionsDto } from './dto/session.dto.js';
import { USER_SORTABLE } from './user.repository.js';
import { UsersAdminService } from './users-admin.service.js';

const uuid = new ParseUUIDPipe();

/** `/api/admin/users`: users and their sessions, for administrators (ra-data-simple-rest). */
@ApiTags('Admin')
@Controller('admin/users')
export class UsersAdminController {
  constructor(private readonly service: UsersAdminService) {}

  @Get()
  @Access({ admin: true })
  @ApiOperation({
    operationId: 'adminListUsers',
    summary:
      'Users, one page (filter: q over e-mail and names). ' +
      'The total (Content-Range) is exact up to 1,000 rows, else estimated, said by X-Total-Estimated: true',
  })
  @ApiListQuery()
  @ApiOkResponse({ type: [AdminUserDto] })
  async list(@ListParams(USER_SORTABLE) query: ListQuery, @Res({ passthrough: true }) res: Response): Promise<AdminUserDto[]> {
    return sendPage(res, 'users', query, await this.service.page(query));
  }

  @Get(':id')
  @Access({ admin: true })
  @ApiOperation({ operationId: 'adminGetUser', summary: 'One user with their active sessions' })
  @ApiOkResponse({ type: AdminUserDetailDto })
  @ApiNotFoundResponse({ type: ErrorResponseDto })
  get(@Param('id', uuid) id: string, @CurrentSession() current: string): Promise<AdminUserDetailDto> {
    return this.service.get(id, current);
  }

  @Delete(':id/sessions/:sessionId')
  @HttpCode(204)
  @Access({ admin: true })
  @ApiOperation({ operationId: 'adminEndUserSession', summary: "Ends one of the user's sessions (its tokens stop working at once)" })
  @ApiNoContentResponse()
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'Not an active session of this user (errors.session-not-found)' })
  async endSession(@Param('id', uuid) id: string, @Param('sessionId', uuid) sessionId: string): Promise<void> {
    await this.service.endSession(id, sessionId);
  }

  @Post(':id/sessions/end-all')
  @HttpCode(200)
  @Access({ admin: true })
  @ApiOperation({ operationId: 'adminEndUserSessions', summary: 'Ends every session of the user (signs them out everywhere)' })
  @ApiOkResponse({ type: EndedSessionsDto })
  @ApiNotFoundResponse({ type: ErrorResponseDto })
  async endAll(@Param('id', uuid) id: string): Promise<EndedSessionsDto> {
    return { ended: await this.service.endAll(id) };
  }
}
