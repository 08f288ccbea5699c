import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ORGANIZATION_MAX_LENGTHS as MAX, ORGANIZATION_ROLES, type OrganizationRole } from '@impact-calls/domain';
import { Matches } from 'class-validator';
import { BooleanField, EmailField, IntField, StringField, UuidField } from '../../../common/validation/fields.js';

/** The organization as the public contract names it (spec section 3), `chnageInLife` spelled so. */
export class OrganizationDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() name: string;
  @ApiProperty({ description: 'Tax or VAT code' }) reg_number: string;
  @ApiProperty() street_name: string;
  @ApiProperty() city_name: string;
  @ApiProperty() country: string;
  @ApiProperty({ type: String, format: 'date', nullable: true }) date_of_foundation: string | null;
  @ApiProperty() contact_name: string;
  @ApiProperty() contact_surname: string;
  @ApiProperty() contact_role: string;
  @ApiProperty({ format: 'email' }) contact_email: string;
  @ApiProperty({ description: 'Consent to the processing of personal data (always true once saved)' }) personalData: boolean;
  @ApiProperty() selfCertification: boolean;
  @ApiProperty() termsOfService: boolean;
  @ApiProperty() nordicCountry: boolean;
  @ApiProperty() preFunding: boolean;
  @ApiProperty({ description: 'Spelled as in the contract' }) chnageInLife: boolean;
  @ApiProperty({ description: 'Send it back when updating; a stale one answers 409' }) version: number;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiPropertyOptional({
    enum: ORGANIZATION_ROLES,
    enumName: 'OrganizationRole',
    description: "GetOrganizations only: the current user's role in it (viewer: read-only)",
  })
  role?: OrganizationRole;
  @ApiPropertyOptional({
    description: 'GetOrganizationById only: how many of its applications were sent (they keep the data they were sent with)',
  })
  sentApplications?: number;
}

/** The fields a user may write. Everything else (ids of others, archive, creator) is refused. */
export class OrganizationFieldsDto {
  @StringField({ maxLength: MAX.name, minLength: 1 }) name: string;
  @StringField({ maxLength: MAX.reg_number, minLength: 1, description: 'Tax or VAT code' }) reg_number: string;
  @StringField({ maxLength: MAX.street_name, minLength: 1 }) street_name: string;
  @StringField({ maxLength: MAX.city_name, minLength: 1 }) city_name: string;
  @StringField({ maxLength: MAX.country, minLength: 1 }) country: string;

  @StringField({ maxLength: 10, optional: true, nullable: true, description: 'YYYY-MM-DD, not in the future' })
  @Matches(/^(\d{4}-\d{2}-\d{2})?$/, { message: 'date_of_foundation must be a date (YYYY-MM-DD)' })
  date_of_foundation?: string | null;

  @StringField({ maxLength: MAX.contact_name, minLength: 1 }) contact_name: string;
  @StringField({ maxLength: MAX.contact_surname, minLength: 1 }) contact_surname: string;
  @StringField({ maxLength: MAX.contact_role, minLength: 1 }) contact_role: string;
  @EmailField() contact_email: string;

  @BooleanField({ description: 'Consent to the processing of personal data: must be true' }) personalData: boolean;
  @BooleanField({ optional: true }) selfCertification?: boolean;
  @BooleanField({ optional: true }) termsOfService?: boolean;
  @BooleanField({ optional: true }) nordicCountry?: boolean;
  @BooleanField({ optional: true }) preFunding?: boolean;
  @BooleanField({ optional: true, description: 'Spelled as in the contract' }) chnageInLife?: boolean;
}

export class CreateOrganizationDto extends OrganizationFieldsDto {}

export class UpdateOrganizationDto extends OrganizationFieldsDto {
  @UuidField() id: string;
  @IntField({ min: 1, description: 'Version read with the organization' }) version: number;
}

export class OrganizationDeletedDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ description: 'True when the organization had applications and was archived instead of deleted' }) archived: boolean;
}

/** A member as the console's detail lists it. */
export class AdminOrganizationMemberDto {
  @ApiProperty({ format: 'uuid' }) userId: string;
  @ApiProperty() email: string;
  @ApiProperty() firstName: string;
  @ApiProperty() lastName: string;
  @ApiProperty({ enum: ORGANIZATION_ROLES, enumName: 'OrganizationRole' }) role: OrganizationRole;
}

/** A member of the organization's team, as its members see it. */
export class OrganizationMemberDto extends AdminOrganizationMemberDto {
  @ApiProperty({ format: 'date-time' }) joinedAt: string;
  @ApiProperty({ description: 'The current user' }) isMe: boolean;
}

/** The console's view: the organization plus its state and members. */
export class AdminOrganizationDto extends OrganizationDto {
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) archivedAt: string | null;
  @ApiProperty() archived: boolean;
  @ApiProperty() memberCount: number;
  @ApiPropertyOptional({ type: [AdminOrganizationMemberDto], description: 'Only in the detail' }) members?: AdminOrganizationMemberDto[];
}
