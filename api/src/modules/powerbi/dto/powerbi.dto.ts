import { ApiProperty } from '@nestjs/swagger';
import { Matches } from 'class-validator';
import { StringField, UuidField } from '../../../common/validation/fields.js';

/** Power BI's ids are GUIDs; the product stores what administrators typed (at most 100 characters). */
const POWERBI_ID = /^[A-Za-z0-9-]{1,100}$/;

export class PowerBiAvailableDto {
  @ApiProperty({
    description: 'True when the service principal is configured (POWERBI_TENANT_ID, POWERBI_CLIENT_ID, POWERBI_CLIENT_SECRET)',
  })
  available: boolean;
}

export class EmbedReportDto {
  @ApiProperty() reportId: string;
  @ApiProperty({ description: "The report's embed URL, as Power BI answers it" }) embedUrl: string;
}

export class EmbedTokenDto {
  @ApiProperty({ description: 'A Power BI embed token for this report (view only)' }) token: string;
}

/** Report embed data (spec section 3): embedReport (reportId, embedUrl), embedToken.token, showFilters. */
export class ReportEmbedDto {
  @ApiProperty({ type: EmbedReportDto }) embedReport: EmbedReportDto;
  @ApiProperty({ type: EmbedTokenDto }) embedToken: EmbedTokenDto;
  @ApiProperty({ description: "Whether the report's filter pane shows (administrators: yes; applicants: no)" }) showFilters: boolean;
}

export class PbiTokenQueryDto {
  @StringField({ maxLength: 100, description: 'Power BI workspace (group) id' })
  @Matches(POWERBI_ID, { message: 'workspaceId must be a Power BI id' })
  workspaceId: string;

  @StringField({ maxLength: 100, description: 'Power BI report id' })
  @Matches(POWERBI_ID, { message: 'reportId must be a Power BI id' })
  reportId: string;
}

export class PbiRlsTokenQueryDto extends PbiTokenQueryDto {
  @UuidField({ description: 'The organization the report is filtered for; the user must belong to it' })
  orgId: string;
}

/** A call with Power BI ids, in the console's report list. */
export class PbiReportRowDto {
  @ApiProperty({ format: 'uuid', description: 'The call' }) id: string;
  @ApiProperty() name: string;
  @ApiProperty({ format: 'date-time' }) openingAt: string;
  @ApiProperty({ format: 'date-time' }) closingAt: string;
  @ApiProperty({ nullable: true, type: String }) powerBIWorkspaceID: string | null;
  @ApiProperty({ nullable: true, type: String }) powerBIReportID: string | null;
  @ApiProperty({ nullable: true, type: String }) userPowerBIWorkspaceID: string | null;
  @ApiProperty({ nullable: true, type: String }) userPowerBIReportID: string | null;
}
