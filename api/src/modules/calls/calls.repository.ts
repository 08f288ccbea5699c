import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { type EntityManager, Not, type Repository } from 'typeorm';
import type { ListQuery, Page } from '../../common/http/pagination.js';
import { CacheInvalidation, committedAndSettled, deepFreeze, type SharedCache } from '../../database/shared-cache.js';
import { Sql } from '../../database/sql.js';
import { CallListCache } from './call-list.cache.js';
import { CALL_COLUMNS, CallEntity } from './call.entity.js';
import { CALL_IS_CLOSED, CALL_IS_OPEN, CALL_IS_UPCOMING } from './call-open.sql.js';
import { likeContains } from '../../common/http/like.js';

/** A call with the selected organization's submission (the applicant's list). */
export type CallUserRow = Pick<
  CallEntity,
  | 'id'
  | 'name'
  | 'description'
  | 'callTypeId'
  | 'openingAt'
  | 'closingAt'
  | 'callLockEnd'
  | 'isUserFilterEnable'
  | 'userFilterEmail'
  | 'enableUserDownloadPdf'
  | 'impactFrameworkId'
  | 'userPowerBIWorkspaceID'
  | 'userPowerBIReportID'
  | 'customFileId'
  | 'customFileName'
> & {
  submissionId: string | null;
  submissionClosed: boolean | null;
};

export interface CallWithCounts extends CallEntity {
  submissionCount: number;
  callTypeName: string;
}

/** The console's calls: every column, the call type's name and the number of submissions. */
const WITH_COUNTS = `SELECT ${CALL_COLUMNS}, coalesce(t.name, '') AS "callTypeName",
       (SELECT count(*)::int FROM call_submission s WHERE s.call_id = c.id) AS "submissionCount"
  FROM call c LEFT JOIN call_type t ON t.id = c.call_type_id`;

/** The columns of CallUserRow but the submission's (alias `c`). */
const USER_ROW_COLUMNS = `c.id, c.name, c.description, c.call_type_id AS "callTypeId", c.opening_at AS "openingAt", c.closing_at AS "closingAt",
  c.call_lock_end AS "callLockEnd", c.is_user_filter_enable AS "isUserFilterEnable", c.user_filter_email AS "userFilterEmail",
  c.enable_user_download_pdf AS "enableUserDownloadPdf", c.impact_framework_id AS "impactFrameworkId",
  c.user_power_bi_workspace_id AS "userPowerBIWorkspaceID", c.user_power_bi_report_id AS "userPowerBIReportID",
  c.custom_file_id AS "customFileId", c.custom_file_name AS "customFileName"`;

/** Columns the console may sort calls on, and their SQL. */
export const CALL_SORT: Record<string, string> = {
  name: 'c.name',
  openingAt: 'c.opening_at',
  closingAt: 'c.closing_at',
  createdAt: 'c.created_at',
  updatedAt: 'c.updated_at',
  callLockEnd: 'c.call_lock_end',
};

@Injectable()
export class CallsRepository {
  // Calls by id (what filling reads on every save, close and open) and every call in the list's order: the `call` topic evicts both.
  private readonly cached: SharedCache<CallEntity | null>;
  private readonly list: CallListCache;

  constructor(
    @InjectRepository(CallEntity) private readonly calls: Repository<CallEntity>,
    private readonly invalidation: CacheInvalidation,
    private readonly sql: Sql,
  ) {
    this.cached = invalidation.cache('call', { max: 5_000, ttlMs: 60_000 });
    this.list = new CallListCache(() => this.findAllForList(), invalidation);
  }

  /** A call from memory: frozen, shared by every request. */
  findCached(id: string): Promise<CallEntity | null> {
    return this.cached.get(id, async () => {
      const rows = await this.sql.rows<CallEntity>('call-by-id', `SELECT ${CALL_COLUMNS} FROM call c WHERE c.id = $1`, [id]);
      return deepFreeze(rows[0] ?? null);
    });
  }

  /** The applicant list's calls (CallListCache.visibleTo) that `filter` keeps for `email`. */
  listVisibleTo(email: string, now: Date, filter: (rows: readonly CallUserRow[]) => CallUserRow[]): Promise<readonly CallUserRow[]> {
    return this.list.visibleTo(email, now, filter);
  }

  private repo(m?: EntityManager): Repository<CallEntity> {
    return m?.getRepository(CallEntity) ?? this.calls;
  }

  findById(id: string, m?: EntityManager): Promise<CallEntity | null> {
    return this.repo(m).findOne({ where: { id } });
  }

  /** Locks the row until the transaction ends (concurrent saves of one call are serialized). */
  findByIdForUpdate(id: string, m: EntityManager): Promise<CallEntity | null> {
    return m.getRepository(CallEntity).createQueryBuilder('c').setLock('pessimistic_write').where('c.id = :id', { id }).getOne();
  }

  /**
   * Every call (or one) with the organization's submission, if any: one plain query, only
   * the columns the applicant's list needs (it is the busiest read of the product).
   */
  async findAllWithSubmission(organizationId: string | undefined, callId?: string): Promise<CallUserRow[]> {
    return this.sql.rows(
      'calls-with-submission',
      `SELECT ${USER_ROW_COLUMNS}, s.id AS "submissionId", s.closed AS "submissionClosed"
         FROM call c
         LEFT JOIN call_submission s ON s.call_id = c.id AND s.organization_id = $1
        WHERE ($2::uuid IS NULL OR c.id = $2::uuid)`,
      [organizationId ?? null, callId ?? null],
    );
  }

  /** Every call, without any submission: what the applicant's list orders once (CallListCache). */
  async findAllForList(): Promise<CallUserRow[]> {
    return this.sql.rows(
      'calls-for-list',
      `SELECT ${USER_ROW_COLUMNS}, NULL::uuid AS "submissionId", NULL::boolean AS "submissionClosed" FROM call c`,
      [],
    );
  }

  findAll(): Promise<CallEntity[]> {
    return this.calls.find({ order: { name: 'ASC', id: 'ASC' } });
  }

  async findByIdWithCounts(id: string): Promise<CallWithCounts | null> {
    const [row] = await this.sql.rows<CallWithCounts>('call-with-counts', `${WITH_COUNTS} WHERE c.id = $1`, [id]);
    return row ?? null;
  }

  /** The console's page: `q` searches name and description, `status` is upcoming/open/closed, `id` a list. */
  async findPage(query: ListQuery, now: Date): Promise<Page<CallWithCounts>> {
    const f = query.filter;
    const where: string[] = [];
    const params: unknown[] = [];
    const add = (sql: string, value: unknown) => {
      params.push(value);
      where.push(sql.replaceAll('?', `$${params.length}`));
    };
    if (typeof f.q === 'string' && f.q.trim()) add('(c.name ILIKE ? OR c.description ILIKE ?)', likeContains(f.q.trim()));
    if (f.status === 'open') add(CALL_IS_OPEN('c', '?'), now);
    else if (f.status === 'upcoming') add(CALL_IS_UPCOMING('c', '?'), now);
    else if (f.status === 'closed') add(CALL_IS_CLOSED('c', '?'), now);
    if (typeof f.callTypeId === 'string') add('c.call_type_id = ?', f.callTypeId);
    if (Array.isArray(f.id)) add('c.id = ANY(?::uuid[])', f.id.map(String));
    const clause = where.length ? `WHERE ${where.join(' AND ')}` : '';
    const order = `${CALL_SORT[query.sortField ?? 'name'] ?? 'c.name'} ${query.sortOrder === 'DESC' ? 'DESC' : 'ASC'}, c.id`;
    const [items, [{ total }]] = await Promise.all([
      this.sql.query<CallWithCounts>(`${WITH_COUNTS} ${clause} ORDER BY ${order} OFFSET ${query.skip} LIMIT ${query.take}`, params),
      this.sql.query<{ total: number }>(`SELECT count(*)::int AS total FROM call c ${clause}`, params),
    ]);
    return { items, total };
  }

  async countSubmissions(callId: string, m?: EntityManager): Promise<number> {
    const [row] = (await (m ?? this.calls.manager).query('SELECT count(*)::int AS total FROM call_submission WHERE call_id = $1', [
      callId,
    ])) as { total: number }[];
    return row.total;
  }

  isCustomFileOfAnotherCall(m: EntityManager, downloadId: string, callId: string): Promise<boolean> {
    return m.exists(CallEntity, { where: { customFileId: downloadId, id: Not(callId) } });
  }

  async setCustomFile(m: EntityManager, callId: string, file: { downloadId: string; fileName: string } | null): Promise<void> {
    await m.query('UPDATE call SET custom_file_id = $2, custom_file_name = $3, updated_at = now(), version = version + 1 WHERE id = $1', [
      callId,
      file?.downloadId ?? null,
      file?.fileName ?? null,
    ]);
  }

  save(call: CallEntity, m: EntityManager): Promise<CallEntity> {
    return m.getRepository(CallEntity).save(call);
  }

  create(data: Partial<CallEntity>): CallEntity {
    return this.calls.create(data);
  }

  async delete(id: string, m: EntityManager): Promise<void> {
    await m.getRepository(CallEntity).delete({ id });
  }

  /** A write of calls and their steps; when it answers, this replica's caches of them are already evicted. */
  transaction<T>(work: (m: EntityManager) => Promise<T>): Promise<T> {
    return committedAndSettled(this.calls.manager, this.invalidation, work);
  }
}
