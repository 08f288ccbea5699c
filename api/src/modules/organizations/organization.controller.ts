import { Body, Controller, Get, Post, Put, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { CurrentUser, type AuthUser } from '../../common/auth/access.decorator.js';
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
import { UuidParam, UuidQuery } from '../../common/http/uuid-query.js';
import { Endpoint } from '../../common/http/endpoint.decorator.js';

/** The Organization group of the spec: a signed-in user's own organizations. */
@ApiTags('Organization')
@Controller('Organization')
export class OrganizationController {
  constructor(private readonly service: OrganizationService) {}

  @Post('CreateOrganization')
  @RateLimit('organization')
  @Endpoint('createOrganization', 'Register an organization; the user becomes its member', {
    access: {},
    ok: OrganizationDto,
    errors: { 400: 'Missing or invalid field, or no data-processing consent' },
  })
  create(@CurrentUser() user: AuthUser, @Body() dto: CreateOrganizationDto): Promise<OrganizationDto> {
    return this.service.create(user, dto);
  }

  @Get('GetOrganizations')
  @Endpoint('getOrganizations', "The user's organizations, by name", { access: {}, ok: [OrganizationDto] })
  async list(@CurrentUser() user: AuthUser, @Res() res: FastifyReply): Promise<void> {
    sendJson(res, await this.service.listForUserJson(user));
  }

  @Get('GetOrganizationById')
  @Endpoint('getOrganizationById', 'One of the user’s organizations', {
    access: {},
    ok: OrganizationDto,
    errors: { 404: 'No such organization among the user’s' },
  })
  get(@CurrentUser() user: AuthUser, @UuidQuery('orgId') orgId: string): Promise<OrganizationDto> {
    return this.service.getForUser(user, orgId);
  }

  @Put('UpdateOrganization')
  @Endpoint('updateOrganization', 'Update one of the user’s organizations', {
    access: {},
    ok: OrganizationDto,
    errors: { 400: true, 404: true, 409: 'Stale version' },
  })
  update(@CurrentUser() user: AuthUser, @Body() dto: UpdateOrganizationDto): Promise<OrganizationDto> {
    return this.service.update(user, dto);
  }

  @Post('DeleteOrganization')
  @Endpoint('deleteOrganization', 'Delete one of the user’s organizations (archived instead when it has applications)', {
    access: {},
    ok: OrganizationDeletedDto,
    errors: { 404: true },
  })
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
  @Endpoint('adminListOrganizations', 'Organizations, one page (filter: q, archived, country)', {
    access: { admin: true },
    ok: [AdminOrganizationDto],
  })
  @ApiListQuery()
  async list(
    @ListParams(['name', 'reg_number', 'city_name', 'country', 'contact_email', 'createdAt', 'archivedAt']) query: ListQuery,
    @Res({ passthrough: true }) res: FastifyReply,
  ): Promise<AdminOrganizationDto[]> {
    return sendPage(res, 'organizations', query, await this.service.adminPage(query));
  }

  @Get(':id')
  @Endpoint('adminGetOrganization', 'One organization with its members', {
    access: { admin: true },
    ok: AdminOrganizationDto,
    errors: { 404: true },
  })
  get(@UuidParam('id') id: string): Promise<AdminOrganizationDto> {
    return this.service.adminGet(id);
  }
}
