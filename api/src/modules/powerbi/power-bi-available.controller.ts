import { Controller, Get } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { SIGNED_IN } from '../../common/auth/access.decorator.js';
import { PowerBiAvailableDto } from './dto/powerbi.dto.js';
import { PowerBiService } from './powerbi.service.js';
import { Endpoint } from '../../common/http/endpoint.decorator.js';

/** Whether analytics reports can be shown at all (spec: GET /api/PowerBi/Available). */
@ApiTags('Reports')
@Controller('PowerBi')
export class PowerBiAvailableController {
  constructor(private readonly service: PowerBiService) {}

  @Get('Available')
  @Endpoint('powerBiAvailable', 'True when Power BI embedding is configured; report buttons and the report tab show only then', {
    access: SIGNED_IN,
    ok: PowerBiAvailableDto,
  })
  available(): PowerBiAvailableDto {
    return this.service.available();
  }
}
