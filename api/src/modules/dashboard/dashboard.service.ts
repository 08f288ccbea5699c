import { Injectable } from '@nestjs/common';
import { DashboardRepository } from './dashboard.repository.js';
import type { DashboardCountsDto } from './dto/dashboard.dto.js';

const DAY_MS = 86_400_000;

/** The console home's figures: open calls, submissions in progress and submitted this week, deadlines coming. */
@Injectable()
export class DashboardService {
  constructor(private readonly repo: DashboardRepository) {}

  async counts(now = new Date()): Promise<DashboardCountsDto> {
    const r = await this.repo.counts(now, new Date(now.getTime() - 7 * DAY_MS), new Date(now.getTime() + 7 * DAY_MS));
    return {
      openCalls: r.openCalls,
      submissionsInProgress: r.inProgress,
      submittedThisWeek: r.submittedThisWeek,
      deadlinesComing: r.deadlinesComing,
      nextDeadlines: r.nextDeadlines.map((d) => ({ id: d.id, name: d.name, closingAt: new Date(d.closingAt).toISOString() })),
      at: now.toISOString(),
    };
  }
}
