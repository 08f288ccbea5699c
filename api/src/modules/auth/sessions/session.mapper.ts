import type { SessionDto } from '../dto/session.dto.js';
import type { SessionRow } from './user-session.repository.js';

export function toSessionDto(s: SessionRow, currentSessionId?: string): SessionDto {
  return {
    id: s.id,
    createdAt: s.createdAt.toISOString(),
    lastUsedAt: s.lastUsedAt.toISOString(),
    expiresAt: s.expiresAt.toISOString(),
    userAgent: s.userAgent,
    ip: s.ip,
    current: s.id === currentSessionId,
  };
}
