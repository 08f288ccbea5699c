import { Controller, Post, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { SIGNED_IN } from '../../common/auth/access.decorator.js';
import { jsonBody } from '../../common/http/send-json.js';
import { OutcomeTypeDto, SdgCodesBody } from './dto/impact-framework.dto.js';
import { ImpactFrameworkService } from './impact-framework.service.js';
import { RateLimit } from '../limits/rate-limit.decorator.js';
import { UuidQuery } from '../../common/http/uuid-query.js';
import { Endpoint } from '../../common/http/endpoint.decorator.js';

@ApiTags('Outcome')
@Controller('Outcome')
export class OutcomeController {
  constructor(private readonly service: ImpactFrameworkService) {}

  @Post('GetOutcomeType')
  @RateLimit(false)
  @Endpoint('getOutcomeType', "A framework's outcomes under the SDG codes given (all of them for an empty list)", {
    access: SIGNED_IN,
    ok: [OutcomeTypeDto],
    errors: { 400: true, 404: true },
  })
  async getOutcomeType(
    @UuidQuery('ifSetId', { description: 'The impact framework' }) frameworkId: string,
    @SdgCodesBody() sdgs: number[],
    @Res({ passthrough: true }) res: FastifyReply,
  ): Promise<Buffer> {
    return jsonBody(res, await this.service.outcomeTypes(frameworkId, sdgs));
  }
}
