import { Body, Controller, Get, Put, Query, Res } from '@nestjs/common';
import { ApiQuery, ApiTags } from '@nestjs/swagger';
import { LANGUAGES } from '@impact-calls/domain';
import type { FastifyReply } from 'fastify';
import { AccessPolicy } from '../../common/access/access.policy.js';
import { Permission } from '../../common/access/permission.js';
import { type AuthUser, CurrentUser, ADMIN, SIGNED_IN } from '../../common/auth/access.decorator.js';
import { jsonBody } from '../../common/http/send-json.js';
import {
  AddImpactFrameworkSetDto,
  DeletedFrameworkDto,
  FrameworkRejectedDto,
  ImpactFrameworkDto,
  ImpactFrameworkSummaryDto,
  SdgDto,
  StakeholderDto,
} from './dto/impact-framework.dto.js';
import { ImpactFrameworkService } from './impact-framework.service.js';
import { documentLanguage } from '../documents/document-answers.js';
import { UuidQuery } from '../../common/http/uuid-query.js';
import { Endpoint } from '../../common/http/endpoint.decorator.js';

/** The Impact framework group of the spec (section 7). */
@ApiTags('ImpactFramework')
@Controller('ImpactFramework')
export class ImpactFrameworkController {
  constructor(
    private readonly service: ImpactFrameworkService,
    private readonly access: AccessPolicy,
  ) {}

  @Get('GetImpactFrameworkSetList')
  @Endpoint('getImpactFrameworkSetList', 'Every impact framework, by name, with its counts', {
    access: ADMIN,
    ok: [ImpactFrameworkSummaryDto],
  })
  getImpactFrameworkSetList(): Promise<ImpactFrameworkSummaryDto[]> {
    return this.service.list();
  }

  @Get('GetImpactFrameworkById')
  @Endpoint('getImpactFrameworkById', 'A framework with its stakeholders and its outcomes, indicators and proxies', {
    access: SIGNED_IN,
    ok: ImpactFrameworkDto,
    errors: { 404: true },
  })
  getImpactFrameworkById(@UuidQuery('ImpactFrameworkId') id: string, @CurrentUser() user: AuthUser): Promise<ImpactFrameworkDto> {
    // The calls using it only for impactFramework.usage (administrators): a call's name may be hidden by its e-mail filter.
    return this.service.get(id, this.access.granted({ user }, Permission.ImpactFrameworkUsage));
  }

  @Get('DeleteImpactFrameworkSet')
  @Endpoint('deleteImpactFrameworkSet', "Delete a framework with its lists, unless a call's miniDyi step uses it (GET, as the spec says)", {
    access: ADMIN,
    ok: DeletedFrameworkDto,
    errors: { 404: true, 409: 'pages.admin.framework-in-use: a call uses it' },
  })
  deleteImpactFrameworkSet(@UuidQuery('ImpactFrameworkId') id: string): Promise<DeletedFrameworkDto> {
    return this.service.delete(id);
  }

  @Put('AddImpactFrameworkSet')
  @Endpoint('addImpactFrameworkSet', 'Create a framework from its lists (the parsed Excel as JSON); every rule checked, one transaction', {
    access: ADMIN,
    ok: ImpactFrameworkSummaryDto,
    errors: {
      400: {
        type: FrameworkRejectedDto,
        description: 'The first broken rule as key (pages.admin.errorStakeholders, ...), every one in issues',
      },
    },
  })
  addImpactFrameworkSet(@Body() dto: AddImpactFrameworkSetDto): Promise<ImpactFrameworkSummaryDto> {
    // The DTO is the domain's FrameworkContent as it is (a text left out is empty).
    return this.service.create({ name: dto.name, description: dto.description, content: dto });
  }

  @Get('GetSdg')
  @Endpoint('getSdg', 'The 17 SDGs with official colour, names and titles', { access: SIGNED_IN, ok: [SdgDto] })
  @ApiQuery({
    name: 'lang',
    required: false,
    enum: LANGUAGES,
    description: 'Language of name and description (default it); every language is in translations',
  })
  getSdg(@Query('lang') lang?: string): Promise<SdgDto[]> {
    // The language rule of the documents, without Accept-Language: `it` unless asked.
    return this.service.sdgs(documentLanguage(lang, undefined));
  }

  @Get('GetStakeholderType')
  @Endpoint('getStakeholderType', "A framework's stakeholders, in the order of the file", {
    access: SIGNED_IN,
    ok: [StakeholderDto],
    errors: { 404: true },
  })
  async getStakeholderType(
    @UuidQuery('ifSetId', { description: 'The impact framework' }) frameworkId: string,
    @Res({ passthrough: true }) res: FastifyReply,
  ): Promise<Buffer> {
    return jsonBody(res, await this.service.stakeholders(frameworkId));
  }
}
