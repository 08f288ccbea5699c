import { Controller, Get, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { ADMIN } from '../../common/auth/access.decorator.js';
import { ApiListQuery, ListParams, type ListQuery, sendPage } from '../../common/http/pagination.js';
import { AdminOrganizationDto } from './dto/organization.dto.js';
import { OrganizationService } from './organization.service.js';
import { UuidParam } from '../../common/http/uuid-query.js';
import { Endpoint } from '../../common/http/endpoint.decorator.js';

/** The console's resource (ra-data-simple-rest conventions): list, search, show. */
@ApiTags('Admin')
@Controller('admin/organizations')
export class OrganizationAdminController {
  constructor(private readonly service: OrganizationService) {}

  @Get()
  @Endpoint('adminListOrganizations', 'Organizations, one page (filter: q, archived, country)', {
    access: ADMIN,
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
    access: ADMIN,
    ok: AdminOrganizationDto,
    errors: { 404: true },
  })
  get(@UuidParam('id') id: string): Promise<AdminOrganizationDto> {
    return this.service.adminGet(id);
  }
}
