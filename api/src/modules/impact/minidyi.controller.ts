import { Body, Controller, Get, Put } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { type AuthUser, CurrentOrganization, CurrentUser, APPLICANT } from '../../common/auth/access.decorator.js';
import { MiniDyiResultDto, PutMiniDyiDto } from './dto/minidyi.dto.js';
import { MiniDyiService } from './minidyi.service.js';
import { UuidQuery } from '../../common/http/uuid-query.js';
import { Endpoint } from '../../common/http/endpoint.decorator.js';

/** The miniDyi operations of the spec's Impact framework group: save the details, read the result. */
@ApiTags('ImpactFramework')
@Controller('ImpactFramework')
export class MiniDyiController {
  constructor(private readonly service: MiniDyiService) {}

  @Put('PutMiniDYI')
  @Endpoint(
    'putMiniDyi',
    "Saves the miniDyi details of one step (selectedOutcomes or outcomes, budget, budgetSpent, sdg) as its step result: the step's limits, the framework's ids and proxies, SROI computed by the API",
    {
      access: APPLICANT,
      ok: MiniDyiResultDto,
      errors: {
        400: 'A broken rule: key components.mini-dyi.*, every one in issues',
        404: 'Unknown submission, step or step result, or of another organization',
        409: 'Stale version, submission closed, call not open, or no framework',
      },
    },
  )
  putMiniDyi(@CurrentUser() user: AuthUser, @CurrentOrganization(true) org: string, @Body() dto: PutMiniDyiDto): Promise<MiniDyiResultDto> {
    return this.service.put(user, org, dto);
  }

  @Get('MiniDYI')
  @Endpoint(
    'getMiniDyi',
    "The miniDyi result of one step of the acting organization's submission: saved state, SROI estimate, what is missing",
    {
      access: APPLICANT,
      ok: MiniDyiResultDto,
      errors: {
        400: 'components.mini-dyi.error-not-minidyi: not a miniDyi step',
        404: 'Unknown submission or step, or of another organization',
      },
    },
  )
  getMiniDyi(
    @CurrentUser() user: AuthUser,
    @CurrentOrganization(true) org: string,
    @UuidQuery('submissionId') submissionId: string,
    @UuidQuery('stepId') stepId: string,
  ): Promise<MiniDyiResultDto> {
    return this.service.get(user, org, submissionId, stepId);
  }
}
