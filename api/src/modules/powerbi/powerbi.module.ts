import { Module } from '@nestjs/common';
import { PowerBiAvailableController } from './power-bi-available.controller.js';
import { PbiTokensController } from './pbi-tokens.controller.js';
import { PbiReportsAdminController } from './pbi-reports-admin.controller.js';
import { PowerBiClient, PowerBiClock } from './powerbi-client.js';
import { PowerBiRepository } from './powerbi.repository.js';
import { PowerBiService } from './powerbi.service.js';

/** Power BI embedding (issue 18): availability, embed tokens (administrators; applicants with row-level security), the console's list. */
@Module({
  controllers: [PowerBiAvailableController, PbiTokensController, PbiReportsAdminController],
  providers: [PowerBiService, PowerBiRepository, PowerBiClient, PowerBiClock],
})
export class PowerBiModule {}
