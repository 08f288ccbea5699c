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
}
