import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Decision } from '@impact-calls/domain';
import { sql, type SelectQueryBuilder } from 'kysely';
import type { DataSource, EntityManager } from 'typeorm';
import type { ListQuery, Page } from '../../common/http/pagination.js';
import type { Call, DB } from '../../database/schema.js';
import { CacheInvalidation, committedAndSettled, deepFreeze, type SharedCache } from '../../database/shared-cache.js';
import { Sql } from '../../database/sql.js';
import { changes, countInt, db, STAMPS, statement } from '../../database/typed-sql.js';
import { CallListCache } from './call-list.cache.js';
import { CallEntity } from './call.entity.js';
import { callPhaseIs } from './call-open.sql.js';
import { likeContains } from '../../common/http/like.js';

/** The columns of CallUserRow but the submission's (alias `c`). */
// prettier-ignore
const USER_ROW = [
  'c.id', 'c.name', 'c.description', 'c.callTypeId', 'c.openingAt', 'c.closingAt', 'c.callLockEnd', 'c.isUserFilterEnable',
  'c.userFilterEmail', 'c.enableUserDownloadPdf', 'c.impactFrameworkId', 'c.userPowerBiWorkspaceId as userPowerBIWorkspaceID',
  'c.userPowerBiReportId as userPowerBIReportID', 'c.customFileId', 'c.customFileName',
] as const;
/** Every column of CallEntity, by its field names. */
// prettier-ignore
const CALL = [
  ...USER_ROW, 'c.createdAt', 'c.updatedAt', 'c.version', 'c.powerBiWorkspaceId as powerBIWorkspaceID', 'c.powerBiReportId as powerBIReportID',
] as const;

const calls = db.selectFrom('call as c').select(CALL);
const byId = statement('call-by-id', (p: { id: string }) => calls.where('c.id', '=', p.id));
const byIdForUpdate = statement('call-by-id-for-update', (p: { id: string }) => calls.where('c.id', '=', p.id).forUpdate());
const withSubmission = statement('calls-with-submission', (p: { organizationId: string | null; callId: string }) =>
  db
    .selectFrom('call as c')
    .leftJoin('callSubmission as s', (j) => j.onRef('s.callId', '=', 'c.id').on('s.organizationId', '=', p.organizationId))
    .select((eb) => [
      ...USER_ROW,
      's.id as submissionId',
      's.closed as submissionClosed',
      eb.ref('s.decision').$castTo<Decision | null>().as('submissionDecision'),
    ])
    .where('c.id', '=', p.callId),
);
/** Every call without a submission: what CallListCache orders once. */
const forList = statement('calls-for-list', () =>
  db
    .selectFrom('call as c')
    .select([
      ...USER_ROW,
      sql<string | null>`NULL::uuid`.as('submissionId'),
      sql<boolean | null>`NULL::boolean`.as('submissionClosed'),
      sql<Decision | null>`NULL::varchar`.as('submissionDecision'),
    ]),
);

/** A call with the selected organization's submission (the applicant's list). */
export type CallUserRow = typeof withSubmission.row;

/** The console's calls: every column, the call type's name and the number of submissions. */
const withCounts = <O>(calls: SelectQueryBuilder<DB & { c: Call }, 'c', O>) =>
  calls
    .leftJoin('callType as t', 't.id', 'c.callTypeId')
    .select((eb) => [
      ...CALL,
      eb.fn.coalesce('t.name', sql.lit('')).as('callTypeName'),
      eb
        .selectFrom('callSubmission as s')
        .whereRef('s.callId', '=', 'c.id')
        .select(countInt().as('n'))
        .$asScalar()
        .$notNull()
        .as('submissionCount'),
    ]);
const withCountsById = statement('call-with-counts', (p: { id: string }) =>
  withCounts(db.selectFrom('call as c')).where('c.id', '=', p.id),
);
export type CallWithCounts = typeof withCountsById.row;

const countSubmissions = statement('call-count-submissions', (p: { callId: string }) =>
  db.selectFrom('callSubmission').select(countInt().as('total')).where('callId', '=', p.callId),
);
const customFileElsewhere = statement('call-custom-file-elsewhere', (p: { downloadId: string; callId: string }) =>
  db.selectFrom('call').select('id').where('customFileId', '=', p.downloadId).where('id', '<>', p.callId).limit(1),
);
const setCustomFile = statement('call-set-custom-file', (p: { callId: string; downloadId: string | null; fileName: string | null }) =>
  db
    .updateTable('call')
    .set((eb) => ({ customFileId: p.downloadId, customFileName: p.fileName, updatedAt: sql<Date>`now()`, version: eb('version', '+', 1) }))
    .where('id', '=', p.callId),
);

// prettier-ignore
const written = (p: CallEntity) => ({
  name: p.name, description: p.description, callTypeId: p.callTypeId, openingAt: p.openingAt, closingAt: p.closingAt,
  callLockEnd: p.callLockEnd, isUserFilterEnable: p.isUserFilterEnable, userFilterEmail: p.userFilterEmail,
  enableUserDownloadPdf: p.enableUserDownloadPdf, impactFrameworkId: p.impactFrameworkId, customFileId: p.customFileId,
  customFileName: p.customFileName, powerBiWorkspaceId: p.powerBIWorkspaceID, powerBiReportId: p.powerBIReportID,
  userPowerBiWorkspaceId: p.userPowerBIWorkspaceID, userPowerBiReportId: p.userPowerBIReportID,
});
const insert = statement('call-insert', (p: CallEntity) => db.insertInto('call').values(written(p)).returning(STAMPS));
const update = statement('call-update', (p: CallEntity) =>
  db
    .updateTable('call')
    .set((eb) => ({ ...written(p), updatedAt: sql<Date>`now()`, version: eb('version', '+', 1) }))
    .where('id', '=', p.id)
    .where(changes(written(p)))
    .returning(STAMPS),
);
const remove = statement('call-delete', (p: { id: string }) => db.deleteFrom('call').where('id', '=', p.id));

const SORTS = ['name', 'openingAt', 'closingAt', 'createdAt', 'updatedAt', 'callLockEnd'] as const;

@Injectable()
export class CallsRepository {
  // Calls by id (what filling reads on every save, close and open) and every call in the list's order: the `call` topic evicts both.
  private readonly cached: SharedCache<CallEntity | null>;
  private readonly list: CallListCache;

  constructor(
    @InjectDataSource() private readonly data: DataSource,
    private readonly invalidation: CacheInvalidation,
    private readonly sql: Sql,
  ) {
    this.cached = invalidation.cache('call', { max: 5_000, ttlMs: 60_000 });
    this.list = new CallListCache(() => this.sql.run(forList, {}), invalidation);
  }

  findCached(id: string): Promise<CallEntity | null> {
    return this.cached.get(id, async () => deepFreeze(await this.findById(id)));
  }

  listVisibleTo(email: string, now: Date, filter: (rows: readonly CallUserRow[]) => CallUserRow[]): Promise<readonly CallUserRow[]> {
    return this.list.visibleTo(email, now, filter);
  }

  /** With `lock`, the row stays locked until the transaction ends (concurrent saves of one call are serialized). */
  async findById(id: string, m?: EntityManager, lock = false): Promise<CallEntity | null> {
    return (await this.sql.run(lock ? byIdForUpdate : byId, { id }, m))[0] ?? null;
  }

  /** A call with the organization's submission, if any: only the columns the applicant's list shows. */
  async findWithSubmission(callId: string, organizationId: string | undefined): Promise<CallUserRow | undefined> {
    return (await this.sql.run(withSubmission, { organizationId: organizationId ?? null, callId }))[0];
  }

  async findByIdWithCounts(id: string): Promise<CallWithCounts | null> {
    return (await this.sql.run(withCountsById, { id }))[0] ?? null;
  }

  /** The console's page: `q` searches name and description, `status` is upcoming/open/closed, `id` a list. */
  async findPage(query: ListQuery, now: Date): Promise<Page<CallWithCounts>> {
    const { q, status, callTypeId, id } = query.filter;
    const like = typeof q === 'string' && q.trim() ? likeContains(q.trim()) : undefined;
    const phase = status === 'open' || status === 'upcoming' || status === 'closed' ? callPhaseIs[status] : undefined;
    const filtered = db
      .selectFrom('call as c')
      .$if(like !== undefined, (b) => b.where((eb) => eb.or([eb('c.name', 'ilike', like!), eb('c.description', 'ilike', like!)])))
      .$if(phase !== undefined, (b) => b.where((eb) => phase!({ openingAt: eb.ref('c.openingAt'), closingAt: eb.ref('c.closingAt') }, now)))
      .$if(typeof callTypeId === 'string', (b) => b.where('c.callTypeId', '=', callTypeId as string))
      .$if(Array.isArray(id), (b) => b.where((eb) => eb('c.id', '=', eb.fn.any(eb.val((id as unknown[]).map(String))))));
    const sort = SORTS.find((s) => s === query.sortField) ?? 'name';
    const page = withCounts(filtered)
      .orderBy(`c.${sort}`, query.sortOrder === 'DESC' ? 'desc' : 'asc')
      .orderBy('c.id');
    const [items, [{ total }]] = await Promise.all([
      this.sql.list(page.offset(query.skip).limit(query.take)),
      this.sql.list(filtered.select(countInt().as('total'))),
    ]);
    return { items, total };
  }

  async countSubmissions(callId: string, m?: EntityManager): Promise<number> {
    return (await this.sql.run(countSubmissions, { callId }, m))[0].total;
  }

  async isCustomFileOfAnotherCall(m: EntityManager, downloadId: string, callId: string): Promise<boolean> {
    return (await this.sql.run(customFileElsewhere, { downloadId, callId }, m)).length > 0;
  }

  async setCustomFile(m: EntityManager, callId: string, file: { downloadId: string; fileName: string } | null): Promise<void> {
    await this.sql.run(setCustomFile, { callId, downloadId: file?.downloadId ?? null, fileName: file?.fileName ?? null }, m);
  }

  /** Inserts a new call (a flag left unset is the column's default), or writes a loaded one if it changed. */
  async save(call: CallEntity, m: EntityManager): Promise<CallEntity> {
    const args = { ...call, enableUserDownloadPdf: call.enableUserDownloadPdf ?? false };
    return Object.assign(call, (await this.sql.run(call.id ? update : insert, args, m))[0]);
  }

  async delete(id: string, m: EntityManager): Promise<void> {
    await this.sql.run(remove, { id }, m);
  }

  /** A write of calls and their steps; when it answers, this replica's caches of them are already evicted. */
  transaction<T>(work: (m: EntityManager) => Promise<T>): Promise<T> {
    return committedAndSettled(this.data.manager, this.invalidation, work);
  }
}
