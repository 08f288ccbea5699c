import { Module } from '@nestjs/common';
import { PbiReportsAdminController, PbiTokensController, PowerBiAvailableController } from './powerbi.controller.js';
import { PowerBiClient, PowerBiClock } from './powerbi-client.js';
import { PowerBiRepository } from './powerbi.repository.js';
import { PowerBiService } from './powerbi.service.js';

/** Power BI embedding (issue 18): availability, embed tokens (administrators; applicants with row-level security), the console's list. */
@Module({
  controllers: [PowerBiAvailableController, PbiTokensController, PbiReportsAdminController],
  providers: [PowerBiService, PowerBiRepository, PowerBiClient, PowerBiClock],
})
export class PowerBiModule {}
