import { ApiProperty } from '@nestjs/swagger';
import { BooleanField } from '../../../common/validation/fields.js';

/** One active session (a device the user signed in on). */
export class SessionDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ format: 'date-time', description: 'When the user signed in' }) createdAt: string;
  @ApiProperty({ format: 'date-time', description: 'The last sign-in or renewal (every few minutes while the app is open)' })
  lastUsedAt: string;
  @ApiProperty({ format: 'date-time', description: '30 days after the sign-in' }) expiresAt: string;
  @ApiProperty({ type: String, nullable: true, description: "The browser's User-Agent" }) userAgent: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'The address of the last sign-in or renewal' }) ip: string | null;
  @ApiProperty({ description: 'The session of this request' }) current: boolean;
}

export class EndSessionsDto {
  @BooleanField({ optional: true, description: 'Keep the session of this request (sign out everywhere else); default false' })
  keepCurrent?: boolean;
}

export class EndedSessionsDto {
  @ApiProperty({ description: 'How many sessions ended' }) ended: number;
}

export class LogoutDto {
  @ApiProperty({
    type: String,
    nullable: true,
    description:
      "The provider's end-session URL (with id_token_hint, client_id and post_logout_redirect_uri) the browser goes to next; null when it has none",
  })
  endSessionUrl: string | null;
}

export class AdminUserDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() email: string;
  @ApiProperty() firstName: string;
  @ApiProperty() lastName: string;
  @ApiProperty({ type: [String] }) roles: string[];
  @ApiProperty() isAdmin: boolean;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) lastLoginAt: string | null;
  @ApiProperty({ description: 'Sessions still active' }) activeSessions: number;
}

export class AdminUserDetailDto extends AdminUserDto {
  @ApiProperty({ type: [SessionDto] }) sessions: SessionDto[];
}
