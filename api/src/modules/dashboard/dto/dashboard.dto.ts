import { ApiProperty } from '@nestjs/swagger';

/** An open call whose deadline is near. */
export class DeadlineDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() name: string;
  @ApiProperty({ format: 'date-time' }) closingAt: string;
}

/** The console home's figures. */
export class DashboardCountsDto {
  @ApiProperty({ description: 'Calls open now' }) openCalls: number;
  @ApiProperty({ description: 'Submissions not submitted yet, of calls open now' }) submissionsInProgress: number;
  @ApiProperty({ description: 'Submissions submitted (or submitted again) in the last 7 days' }) submittedThisWeek: number;
  @ApiProperty({ description: 'Open calls closing in the next 7 days' }) deadlinesComing: number;
  @ApiProperty({ type: () => [DeadlineDto], description: 'The first five of them, soonest first' }) nextDeadlines: DeadlineDto[];
  @ApiProperty({ format: 'date-time', description: 'When the figures were read' }) at: string;
}

/** Submissions by state. */
export class DashboardStatesDto {
  @ApiProperty({ description: 'Submissions started (all of the scope)' }) total: number;
  @ApiProperty({ description: 'In progress, never submitted' }) open: number;
  @ApiProperty({ description: 'In progress again after a reopening' }) reopened: number;
  @ApiProperty({ description: 'Submitted (closed)' }) closed: number;
}

/** One day of the timeline (UTC days). */
export class DashboardDayDto {
  @ApiProperty({ format: 'date' }) day: string;
  @ApiProperty({ description: 'Submissions started that day' }) started: number;
  @ApiProperty({ description: 'Submissions first submitted that day' }) submitted: number;
  @ApiProperty({ description: 'Started up to that day and not submitted by then' }) inProgress: number;
}

export class DashboardFunnelStepDto {
  @ApiProperty({ format: 'uuid' }) stepId: string;
  @ApiProperty() name: string;
  @ApiProperty({ description: 'The step kind (survey, quiz, miniDyi, upload, text, results)' }) kind: string;
  @ApiProperty({ description: 'Submissions that reached this step' }) reached: number;
}

export class DashboardSdgDto {
  @ApiProperty({ minimum: 1, maximum: 17 }) sdg: number;
  @ApiProperty({ description: 'Submissions aiming at this SDG' }) submissions: number;
}

export class DashboardChoiceDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() name: string;
  @ApiProperty({ type: Number, nullable: true, description: "The outcome's SDG (outcomes only)" }) sdg: number | null;
  @ApiProperty({ description: 'Submissions that chose it' }) submissions: number;
}

export class DashboardBinDto {
  @ApiProperty({ description: 'Lower bound: SROI bins exclude it (except the first, from 0), quiz bins include it' }) from: number;
  @ApiProperty({
    type: Number,
    nullable: true,
    description: 'Upper bound: SROI bins include it, quiz bins exclude it (except the last); null: none',
  })
  to: number | null;
  @ApiProperty() submissions: number;
}

export class DashboardFlaggedDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() code: string;
  @ApiProperty() organizationName: string;
  @ApiProperty() sroi: number;
}

export class DashboardSroiDto {
  @ApiProperty({ description: 'Submissions with an SROI' }) count: number;
  @ApiProperty({ type: () => [DashboardBinDto], description: 'Up to 1, over 1 up to 2, … over 7 up to 8, over 8' }) bins: DashboardBinDto[];
  @ApiProperty({ type: Number, nullable: true }) q1: number | null;
  @ApiProperty({ type: Number, nullable: true }) median: number | null;
  @ApiProperty({ type: Number, nullable: true }) q3: number | null;
  @ApiProperty({ description: 'The flag threshold (SROI strictly over it is flagged)' }) flagAbove: number;
  @ApiProperty({ description: 'Submissions with an SROI over the threshold' }) flagged: number;
  @ApiProperty({ type: () => [DashboardFlaggedDto], description: 'The first 20 of them, highest first' })
  flaggedList: DashboardFlaggedDto[];
}

export class DashboardBudgetDto {
  @ApiProperty({ description: 'Submissions with a budget' }) count: number;
  @ApiProperty({ description: 'Sum of the budgets asked' }) total: number;
  @ApiProperty({ type: Number, nullable: true }) median: number | null;
}

export class DashboardCountryDto {
  @ApiProperty() country: string;
  @ApiProperty({ description: 'Organizations' }) organizations: number;
}

export class DashboardCityDto {
  @ApiProperty() country: string;
  @ApiProperty() city: string;
  @ApiProperty({ description: 'Organizations' }) organizations: number;
}

export class DashboardQuizDto {
  @ApiProperty({ description: 'Submissions with a quiz score' }) count: number;
  @ApiProperty({ type: () => [DashboardBinDto], description: 'Ten bins of 10 points (0-1 scores; 1 is in the last)' })
  bins: DashboardBinDto[];
}

/** The portfolio dashboard: every figure of the calls (or one call) and state chosen. */
export class PortfolioDashboardDto {
  @ApiProperty({ format: 'uuid', type: String, nullable: true }) callId: string | null;
  @ApiProperty({ enum: ['all', 'open', 'closed'], enumName: 'DashboardState' }) state: string;
  @ApiProperty({ format: 'date-time', type: String, nullable: true, description: "The call's deadline (one call only)" })
  closingAt: string | null;
  @ApiProperty({ type: () => DashboardStatesDto }) states: DashboardStatesDto;
  @ApiProperty({
    type: () => [DashboardDayDto],
    description: 'Per day, up to the deadline (one call) or the last activity; at most 366 days',
  })
  timeline: DashboardDayDto[];
  @ApiProperty({ type: () => [DashboardFunnelStepDto], description: "Per step of the call's type (one call only; empty otherwise)" })
  funnel: DashboardFunnelStepDto[];
  @ApiProperty({ description: 'Submissions with a miniDyi answer' }) withImpact: number;
  @ApiProperty({ type: () => [DashboardSdgDto], description: 'The 17 SDGs, in order' }) sdgs: DashboardSdgDto[];
  @ApiProperty({ type: () => [DashboardChoiceDto], description: 'The 10 framework outcomes chosen most' }) outcomes: DashboardChoiceDto[];
  @ApiProperty({ description: 'Submissions with a custom outcome' }) customOutcomes: number;
  @ApiProperty({ type: () => [DashboardChoiceDto], description: 'The 10 framework indicators chosen most' })
  indicators: DashboardChoiceDto[];
  @ApiProperty({ type: () => DashboardSroiDto }) sroi: DashboardSroiDto;
  @ApiProperty({ type: () => DashboardBudgetDto }) budget: DashboardBudgetDto;
  @ApiProperty({ description: 'Organizations' }) organizations: number;
  @ApiProperty({ type: () => [DashboardCountryDto], description: 'The 20 countries with most organizations' })
  countries: DashboardCountryDto[];
  @ApiProperty({ type: () => [DashboardCityDto], description: 'The 20 cities with most organizations' }) cities: DashboardCityDto[];
  @ApiProperty({ type: () => DashboardQuizDto }) quiz: DashboardQuizDto;
  @ApiProperty({ format: 'date-time', description: 'When the figures were computed (they are kept up to 30 s)' }) at: string;
}
