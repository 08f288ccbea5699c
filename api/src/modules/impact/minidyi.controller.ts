import { Body, Controller, Get, Put } from '@nestjs/common';
import { ApiBadRequestResponse, ApiConflictResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Access, type AuthUser, CurrentOrganization, CurrentUser } from '../../common/auth/access.decorator.js';
import { ErrorResponseDto } from '../../common/http/error-response.dto.js';
import { MiniDyiResultDto, PutMiniDyiDto } from './dto/minidyi.dto.js';
import { MiniDyiService } from './minidyi.service.js';
import { UuidQuery } from '../../common/http/uuid-query.js';

const APPLICANT = { organization: 'required' } as const;

/** The miniDyi operations of the spec's Impact framework group: save the details, read the result. */
@ApiTags('ImpactFramework')
@Controller('ImpactFramework')
export class MiniDyiController {
  constructor(private readonly service: MiniDyiService) {}

  @Put('PutMiniDYI')
  @Access(APPLICANT)
  @ApiOperation({
    operationId: 'putMiniDyi',
    summary:
      "Saves the miniDyi details of one step (selectedOutcomes or outcomes, budget, budgetSpent, sdg) as its step result: the step's limits, the framework's ids and proxies, SROI computed by the API",
  })
  @ApiOkResponse({ type: MiniDyiResultDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: 'A broken rule: key components.mini-dyi.*, every one in issues' })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'Unknown submission, step or step result, or of another organization' })
  @ApiConflictResponse({ type: ErrorResponseDto, description: 'Stale version, submission closed, call not open, or no framework' })
  putMiniDyi(@CurrentUser() user: AuthUser, @CurrentOrganization(true) org: string, @Body() dto: PutMiniDyiDto): Promise<MiniDyiResultDto> {
    return this.service.put(user, org, dto);
  }

  @Get('MiniDYI')
  @Access(APPLICANT)
  @ApiOperation({
    operationId: 'getMiniDyi',
    summary: "The miniDyi result of one step of the acting organization's submission: saved state, SROI estimate, what is missing",
  })
  @ApiOkResponse({ type: MiniDyiResultDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: 'components.mini-dyi.error-not-minidyi: not a miniDyi step' })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'Unknown submission or step, or of another organization' })
  getMiniDyi(
    @CurrentUser() user: AuthUser,
    @CurrentOrganization(true) org: string,
    @UuidQuery('submissionId') submissionId: string,
    @UuidQuery('stepId') stepId: string,
  ): Promise<MiniDyiResultDto> {
    return this.service.get(user, org, submissionId, stepId);
  }
}
