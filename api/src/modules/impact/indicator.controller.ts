import { Controller, Post, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { SIGNED_IN } from '../../common/auth/access.decorator.js';
import { jsonBody } from '../../common/http/send-json.js';
import { IndicatorTypeDto, OutcomeIdsBody } from './dto/impact-framework.dto.js';
import { ImpactFrameworkService } from './impact-framework.service.js';
import { RateLimit } from '../limits/rate-limit.decorator.js';
import { Endpoint } from '../../common/http/endpoint.decorator.js';

@ApiTags('Indicator')
@Controller('Indicator')
export class IndicatorController {
  constructor(private readonly service: ImpactFrameworkService) {}

  @Post('GetIndicatorType')
  @RateLimit(false)
  @Endpoint('getIndicatorType', 'Indicator-proxy chains of the outcomes given (one row per indicator and proxy)', {
    access: SIGNED_IN,
    ok: [IndicatorTypeDto],
    errors: { 400: true },
  })
  async getIndicatorType(@OutcomeIdsBody() outcomeIds: string[], @Res({ passthrough: true }) res: FastifyReply): Promise<Buffer> {
    return jsonBody(res, await this.service.indicatorTypes(outcomeIds));
  }
}
