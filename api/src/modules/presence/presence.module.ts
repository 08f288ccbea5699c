import { Module } from '@nestjs/common';
import { PresenceController } from './presence.controller.js';
import { PresenceHub } from './presence.hub.js';
import { PresenceRepository } from './presence.repository.js';
import { PresenceService } from './presence.service.js';

/** Who has an application open, live (issue 32): no table, streams and notifications only. */
@Module({
  controllers: [PresenceController],
  providers: [PresenceHub, PresenceRepository, PresenceService],
})
export class PresenceModule {}
