import { ApiProperty } from '@nestjs/swagger';

/** An open call whose deadline is near. */
export class DeadlineDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() name: string;
  @ApiProperty({ format: 'date-time' }) closingAt: string;
}

/** The console home's figures (issue 14); issue 18 builds the full dashboard beside them. */
export class DashboardCountsDto {
  @ApiProperty({ description: 'Calls open now' }) openCalls: number;
  @ApiProperty({ description: 'Submissions not submitted yet, of calls open now' }) submissionsInProgress: number;
  @ApiProperty({ description: 'Submissions submitted (or submitted again) in the last 7 days' }) submittedThisWeek: number;
  @ApiProperty({ description: 'Open calls closing in the next 7 days' }) deadlinesComing: number;
  @ApiProperty({ type: () => [DeadlineDto], description: 'The first five of them, soonest first' }) nextDeadlines: DeadlineDto[];
  @ApiProperty({ format: 'date-time', description: 'When the figures were read' }) at: string;
}
