import { Body, Controller, Get, Post, Put, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { CurrentUser, type AuthUser, SIGNED_IN } from '../../common/auth/access.decorator.js';
import { jsonBody } from '../../common/http/send-json.js';
import { CreateOrganizationDto, OrganizationDeletedDto, OrganizationDto, UpdateOrganizationDto } from './dto/organization.dto.js';
import { OrganizationService } from './organization.service.js';
import { RateLimit } from '../limits/rate-limit.decorator.js';
import { UuidQuery } from '../../common/http/uuid-query.js';
import { Endpoint } from '../../common/http/endpoint.decorator.js';

/** The Organization group of the spec: a signed-in user's own organizations. */
@ApiTags('Organization')
@Controller('Organization')
export class OrganizationController {
  constructor(private readonly service: OrganizationService) {}

  @Post('CreateOrganization')
  @RateLimit('organization')
  @Endpoint('createOrganization', 'Register an organization; the user becomes its member', {
    access: SIGNED_IN,
    ok: OrganizationDto,
    errors: { 400: 'Missing or invalid field, or no data-processing consent' },
  })
  create(@CurrentUser() user: AuthUser, @Body() dto: CreateOrganizationDto): Promise<OrganizationDto> {
    return this.service.create(user, dto);
  }

  @Get('GetOrganizations')
  @Endpoint('getOrganizations', "The user's organizations, by name", { access: SIGNED_IN, ok: [OrganizationDto] })
  async list(@CurrentUser() user: AuthUser, @Res({ passthrough: true }) res: FastifyReply): Promise<Buffer> {
    return jsonBody(res, await this.service.listForUserJson(user));
  }

  @Get('GetOrganizationById')
  @Endpoint('getOrganizationById', 'One of the user’s organizations', {
    access: SIGNED_IN,
    ok: OrganizationDto,
    errors: { 404: 'No such organization among the user’s' },
  })
  get(@CurrentUser() user: AuthUser, @UuidQuery('orgId') orgId: string): Promise<OrganizationDto> {
    return this.service.getForUser(user, orgId);
  }

  @Put('UpdateOrganization')
  @Endpoint('updateOrganization', 'Update one of the user’s organizations', {
    access: SIGNED_IN,
    ok: OrganizationDto,
    errors: { 400: true, 404: true, 409: 'Stale version' },
  })
  update(@CurrentUser() user: AuthUser, @Body() dto: UpdateOrganizationDto): Promise<OrganizationDto> {
    return this.service.update(user, dto);
  }

  @Post('DeleteOrganization')
  @Endpoint('deleteOrganization', 'Delete one of the user’s organizations (archived instead when it has applications)', {
    access: SIGNED_IN,
    ok: OrganizationDeletedDto,
    errors: { 404: true },
  })
  delete(@CurrentUser() user: AuthUser, @UuidQuery('orgId') orgId: string): Promise<OrganizationDeletedDto> {
    return this.service.delete(user, orgId);
  }
}
