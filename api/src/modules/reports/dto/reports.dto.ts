import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { REPORT_KINDS, REPORT_STATES, type ReportKind, type ReportState } from '@impact-calls/domain';

/** A survey step of a call, as the report list shows it. */
export class SurveyStepSummaryDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() name: string;
  @ApiProperty({ description: 'Position in the call type' }) sort: number;
  @ApiProperty({ description: 'Questions that take an answer' }) questions: number;
  @ApiProperty({ description: 'Submitted submissions of the call that answered the step' }) submittedAnswers: number;
}

/** The survey steps of a call (/admin/report-list/{callId}/{callTypeId}); empty: pages.admin.no-survey-call. */
export class SurveyStepListDto {
  @ApiProperty({ format: 'uuid' }) callId: string;
  @ApiProperty() callName: string;
  @ApiProperty({ format: 'uuid' }) callTypeId: string;
  @ApiProperty({ type: () => [SurveyStepSummaryDto] }) steps: SurveyStepSummaryDto[];
}

/** How many answers chose a value (a choice, a rating, a matrix column, a histogram bar). */
export class ReportCountDto {
  @ApiProperty({ description: 'The value as stored (text form)' }) value: string;
  @ApiProperty({ description: "The value's label in the language asked" }) label: string;
  @ApiProperty() count: number;
  @ApiProperty({ description: 'Percent of the answers to the question (of the row, for a matrix); 2 decimals' }) percent: number;
  @ApiPropertyOptional({ description: 'Histogram bar: lower bound' }) from?: number;
  @ApiPropertyOptional({ description: 'Histogram bar: upper bound' }) to?: number;
}

export class ReportStatsDto {
  @ApiProperty({ description: 'Numeric answers' }) count: number;
  @ApiProperty({ type: Number, nullable: true }) mean: number | null;
  @ApiProperty({
    type: Number,
    nullable: true,
    description: 'percentile_cont(0.5): the mean of the two middle answers when their count is even',
  })
  median: number | null;
  @ApiProperty({ type: Number, nullable: true }) min: number | null;
  @ApiProperty({ type: Number, nullable: true }) max: number | null;
}

/** The net-promoter split of a 0-10 rating: promoters 9-10, passives 7-8, detractors 0-6. */
export class ReportNpsDto {
  @ApiProperty() promoters: number;
  @ApiProperty() passives: number;
  @ApiProperty() detractors: number;
  @ApiProperty() total: number;
  @ApiProperty() promotersPercent: number;
  @ApiProperty() passivesPercent: number;
  @ApiProperty() detractorsPercent: number;
  @ApiProperty({ type: Number, nullable: true, description: '% promoters - % detractors (-100...100); null without answers' })
  score: number | null;
}

export class ReportMatrixRowDto {
  @ApiProperty() value: string;
  @ApiProperty() label: string;
  @ApiProperty({ description: 'Answers to this row' }) answered: number;
  @ApiProperty({ type: () => [ReportCountDto] }) columns: ReportCountDto[];
}

/** One question's figures; which fields are there depends on `kind`. */
export class ReportQuestionDto {
  @ApiProperty() name: string;
  @ApiProperty() title: string;
  @ApiProperty({ description: 'SurveyJS question type' }) type: string;
  @ApiProperty({ enum: REPORT_KINDS, enumName: 'ReportKind' }) kind: ReportKind;
  @ApiProperty({ description: 'Submissions that answered it' }) answered: number;
  @ApiPropertyOptional({ type: () => [ReportCountDto], description: 'choice, multi, boolean, rating' }) choices?: ReportCountDto[];
  @ApiPropertyOptional({ type: () => ReportStatsDto, description: 'rating, number' }) stats?: ReportStatsDto;
  @ApiPropertyOptional({ type: () => [ReportCountDto], description: 'number: bars of equal width from min to max' })
  histogram?: ReportCountDto[];
  @ApiPropertyOptional({ type: () => ReportNpsDto, description: 'A 0-10 rating' }) nps?: ReportNpsDto;
  @ApiPropertyOptional({ type: () => [ReportMatrixRowDto], description: 'matrix' }) rows?: ReportMatrixRowDto[];
}

/** The report of a survey step: every question's figures, aggregated by PostgreSQL. */
export class SurveyReportDto {
  @ApiProperty({ format: 'uuid' }) callId: string;
  @ApiProperty() callName: string;
  @ApiProperty({ format: 'uuid' }) callTypeId: string;
  @ApiProperty({ format: 'uuid' }) stepId: string;
  @ApiProperty() stepName: string;
  @ApiProperty({ enum: REPORT_STATES, enumName: 'ReportState' }) state: ReportState;
  @ApiProperty({ type: String, nullable: true }) from: string | null;
  @ApiProperty({ type: String, nullable: true }) to: string | null;
  @ApiProperty({ description: 'Submissions selected that have an answer document for the step (0: no submission data)' }) total: number;
  @ApiProperty({ type: () => [ReportQuestionDto] }) questions: ReportQuestionDto[];
}

export class TextAnswerDto {
  @ApiProperty({ format: 'uuid' }) submissionId: string;
  @ApiProperty() code: string;
  @ApiProperty({ enum: ['submitted', 'open'] }) state: 'submitted' | 'open';
  @ApiProperty({ format: 'date-time' }) at: string;
  @ApiProperty() text: string;
}

export class TextAnswerPageDto {
  @ApiProperty() question: string;
  @ApiProperty() page: number;
  @ApiProperty() perPage: number;
  @ApiProperty() total: number;
  @ApiProperty({ type: () => [TextAnswerDto] }) items: TextAnswerDto[];
}
