import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import type { ListQuery, Page } from '../../common/http/pagination.js';
import { UserEntity } from '../users/user.entity.js';
import { likeContains } from '../../common/http/like.js';

export interface AdminUserRow {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  roles: string[];
  lastLoginAt: Date | null;
  activeSessions: number;
}

export const USER_SORTABLE = ['email', 'firstName', 'lastName', 'lastLoginAt', 'createdAt'] as const;
const SORT_COLUMNS: Record<string, string> = {
  email: 'u.email',
  firstName: 'u.first_name',
  lastName: 'u.last_name',
  lastLoginAt: 'u.last_login_at',
  createdAt: 'u.created_at',
};

const COLUMNS = `u.id, u.email, u.first_name AS "firstName", u.last_name AS "lastName", u.roles, u.last_login_at AS "lastLoginAt",
  (SELECT count(*)::int FROM user_session s WHERE s.user_id = u.id AND s.ended_at IS NULL AND s.expires_at > now()) AS "activeSessions"`;

/** The console's reads of users. */
@Injectable()
export class UserRepository {
  constructor(@InjectRepository(UserEntity) private readonly repo: Repository<UserEntity>) {}

  async page(query: ListQuery): Promise<Page<AdminUserRow>> {
    const q = typeof query.filter.q === 'string' && query.filter.q.trim() ? likeContains(query.filter.q.trim()) : null;
    const where = `WHERE ($1::text IS NULL OR u.email ILIKE $1 OR u.first_name ILIKE $1 OR u.last_name ILIKE $1)`;
    const order = `${SORT_COLUMNS[query.sortField ?? 'email'] ?? 'u.email'} ${query.sortOrder === 'DESC' ? 'DESC' : 'ASC'} NULLS LAST, u.id`;
    const items: AdminUserRow[] = await this.repo.query(`SELECT ${COLUMNS} FROM app_user u ${where} ORDER BY ${order} OFFSET $2 LIMIT $3`, [
      q,
      query.skip,
      query.take,
    ]);
    const [{ n }] = (await this.repo.query(`SELECT count(*)::int AS n FROM app_user u ${where}`, [q])) as { n: number }[];
    return { items, total: n };
  }

  async one(id: string): Promise<AdminUserRow | undefined> {
    const rows: AdminUserRow[] = await this.repo.query(`SELECT ${COLUMNS} FROM app_user u WHERE u.id = $1`, [id]);
    return rows[0];
  }
}
