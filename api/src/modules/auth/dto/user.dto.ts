import { ApiProperty } from '@nestjs/swagger';

/** The signed-in user (spec section 3: firstName, lastName, email, roles). */
export class UserDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() firstName: string;
  @ApiProperty() lastName: string;
  @ApiProperty() email: string;
  @ApiProperty({ type: [String] }) roles: string[];
  @ApiProperty({ description: 'Roles contain admin (case-insensitive)' }) isAdmin: boolean;
  @ApiProperty({ description: 'May edit the branding (admin of the customizing e-mail domain)' }) canCustomize: boolean;
  @ApiProperty({
    type: String,
    enum: ['it', 'en', 'fr'],
    nullable: true,
    description: 'The interface language the person last chose (PUT /api/User/Language), on any device; null before any',
  })
  language: 'it' | 'en' | 'fr' | null;
}
