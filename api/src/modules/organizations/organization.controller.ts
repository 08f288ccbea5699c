import { Body, Controller, Get, HttpCode, Param, ParseUUIDPipe, Post, Put, Res } from '@nestjs/common';
import { ApiBadRequestResponse, ApiConflictResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { Access, CurrentUser, type AuthUser } from '../../common/auth/access.decorator.js';
import { ErrorResponseDto } from '../../common/http/error-response.dto.js';
import { ApiListQuery, ListParams, type ListQuery, sendPage } from '../../common/http/pagination.js';
import { sendJson } from '../../common/http/send-json.js';
import {
  AdminOrganizationDto,
  CreateOrganizationDto,
  OrganizationDeletedDto,
  OrganizationDto,
  UpdateOrganizationDto,
} from './dto/organization.dto.js';
import { OrganizationService } from './organization.service.js';
import { RateLimit } from '../limits/rate-limit.decorator.js';
import { UuidQuery } from '../../common/http/uuid-query.js';

/** The Organization group of the spec: a signed-in user's own organizations. */
@ApiTags('Organization')
@Controller('Organization')
export class OrganizationController {
  constructor(private readonly service: OrganizationService) {}

  @Post('CreateOrganization')
  @RateLimit('organization')
  @HttpCode(200)
  @Access({})
  @ApiOperation({ operationId: 'createOrganization', summary: 'Register an organization; the user becomes its member' })
  @ApiOkResponse({ type: OrganizationDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: 'Missing or invalid field, or no data-processing consent' })
  create(@CurrentUser() user: AuthUser, @Body() dto: CreateOrganizationDto): Promise<OrganizationDto> {
    return this.service.create(user, dto);
  }

  @Get('GetOrganizations')
  @Access({})
  @ApiOperation({ operationId: 'getOrganizations', summary: "The user's organizations, by name" })
  @ApiOkResponse({ type: [OrganizationDto] })
  async list(@CurrentUser() user: AuthUser, @Res() res: Response): Promise<void> {
    sendJson(res, await this.service.listForUserJson(user));
  }

  @Get('GetOrganizationById')
  @Access({})
  @ApiOperation({ operationId: 'getOrganizationById', summary: 'One of the user’s organizations' })
  @ApiOkResponse({ type: OrganizationDto })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'No such organization among the user’s' })
  get(@CurrentUser() user: AuthUser, @UuidQuery('orgId') orgId: string): Promise<OrganizationDto> {
    return this.service.getForUser(user, orgId);
  }

  @Put('UpdateOrganization')
  @Access({})
  @ApiOperation({ operationId: 'updateOrganization', summary: 'Update one of the user’s organizations' })
  @ApiOkResponse({ type: OrganizationDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto })
  @ApiNotFoundResponse({ type: ErrorResponseDto })
  @ApiConflictResponse({ type: ErrorResponseDto, description: 'Stale version' })
  update(@CurrentUser() user: AuthUser, @Body() dto: UpdateOrganizationDto): Promise<OrganizationDto> {
    return this.service.update(user, dto);
  }

  @Post('DeleteOrganization')
  @HttpCode(200)
  @Access({})
  @ApiOperation({
    operationId: 'deleteOrganization',
    summary: 'Delete one of the user’s organizations (archived instead when it has applications)',
  })
  @ApiOkResponse({ type: OrganizationDeletedDto })
  @ApiNotFoundResponse({ type: ErrorResponseDto })
  delete(@CurrentUser() user: AuthUser, @UuidQuery('orgId') orgId: string): Promise<OrganizationDeletedDto> {
    return this.service.delete(user, orgId);
  }
}

/** The console's resource (ra-data-simple-rest conventions): list, search, show. */
@ApiTags('Admin')
@Controller('admin/organizations')
export class OrganizationAdminController {
  constructor(private readonly service: OrganizationService) {}

  @Get()
  @Access({ admin: true })
  @ApiOperation({ operationId: 'adminListOrganizations', summary: 'Organizations, one page (filter: q, archived, country)' })
  @ApiListQuery()
  @ApiOkResponse({ type: [AdminOrganizationDto] })
  async list(
    @ListParams(['name', 'reg_number', 'city_name', 'country', 'contact_email', 'createdAt', 'archivedAt']) query: ListQuery,
    @Res({ passthrough: true }) res: Response,
  ): Promise<AdminOrganizationDto[]> {
    return sendPage(res, 'organizations', query, await this.service.adminPage(query));
  }

  @Get(':id')
  @Access({ admin: true })
  @ApiOperation({ operationId: 'adminGetOrganization', summary: 'One organization with its members' })
  @ApiOkResponse({ type: AdminOrganizationDto })
  @ApiNotFoundResponse({ type: ErrorResponseDto })
  get(@Param('id', new ParseUUIDPipe()) id: string): Promise<AdminOrganizationDto> {
    return this.service.adminGet(id);
  }
}
