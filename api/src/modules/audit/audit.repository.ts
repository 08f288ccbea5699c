import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { AuditDiff } from '@impact-calls/domain';
import { sql } from 'kysely';
import type { DataSource, EntityManager } from 'typeorm';
import { likeContains } from '../../common/http/like.js';
import { countOrEstimate } from '../../common/http/list-count.js';
import type { Page } from '../../common/http/pagination.js';
import { Sql } from '../../database/sql.js';
import { db, isoUtc, statement } from '../../database/typed-sql.js';

/** An event as it is written: who, what, on which record, and the changed fields. */
export interface AuditRow {
  actorId: string | null;
  actorEmail: string | null;
  actorRole: string;
  action: string;
  entity: string;
  entityId: string | null;
  summary: string;
  diff: AuditDiff | null;
  requestId: string | null;
  ip: string | null;
}

/** The console's filters; every one optional. */
export interface AuditFilter {
  actorId?: string;
  /** Part of the actor's e-mail address. */
  actor?: string;
  entity?: string;
  entityId?: string;
  action?: string;
  from?: Date;
  /** Exclusive. */
  to?: Date;
}

// Inserts and selects only: nothing in the product changes or deletes an event.
const insert = statement('audit-insert', (p: Omit<AuditRow, 'diff'> & { diff: string | null }) =>
  db.insertInto('auditEvent').values({
    actorId: p.actorId,
    actorEmail: p.actorEmail,
    actorRole: p.actorRole,
    action: p.action,
    entity: p.entity,
    entityId: p.entityId,
    summary: p.summary,
    diff: sql`${p.diff}::jsonb`,
    requestId: p.requestId,
    ip: p.ip,
  }),
);

const COLUMNS = ['id', 'actorId', 'actorEmail', 'actorRole', 'action', 'entity', 'entityId', 'summary', 'requestId', 'ip'] as const;

const events = db
  .selectFrom('auditEvent')
  .select((eb) => [...COLUMNS, isoUtc(eb.ref('at')).as('at'), sql<AuditDiff | null>`${eb.ref('diff')}`.as('diff')]);

const byId = statement('audit-by-id', (p: { id: string }) => events.where('id', '=', p.id));

export type AuditEventRow = typeof byId.row;

/** How many rows an export reads at a time. */
const EXPORT_CHUNK = 1_000;

@Injectable()
export class AuditRepository {
  constructor(
    @InjectDataSource() private readonly data: DataSource,
    private readonly sql: Sql,
  ) {}

  /** A transaction of its own, for an event that goes with no write (an export). */
  transaction<T>(work: (m: EntityManager) => Promise<T>): Promise<T> {
    return this.data.transaction(work);
  }

  /** Writes an event on the caller's transaction: it stays only if the change it tells commits. */
  async insert(m: EntityManager, row: AuditRow): Promise<void> {
    await this.sql.run(insert, { ...row, diff: row.diff ? JSON.stringify(row.diff) : null }, m);
  }

  async findById(id: string): Promise<AuditEventRow | undefined> {
    return (await this.sql.run(byId, { id }))[0];
  }

  private filtered(f: AuditFilter) {
    return db
      .selectFrom('auditEvent')
      .$if(f.actorId !== undefined, (b) => b.where('actorId', '=', f.actorId!))
      .$if(f.actor !== undefined, (b) => b.where('actorEmail', 'ilike', likeContains(f.actor!)))
      .$if(f.entity !== undefined, (b) => b.where('entity', '=', f.entity!))
      .$if(f.entityId !== undefined, (b) => b.where('entityId', '=', f.entityId!))
      .$if(f.action !== undefined, (b) => b.where('action', '=', f.action!))
      .$if(f.from !== undefined, (b) => b.where('at', '>=', f.from!))
      .$if(f.to !== undefined, (b) => b.where('at', '<', f.to!));
  }

  /** One page, newest first (`at` ascending when asked). */
  async page(f: AuditFilter, skip: number, take: number, ascending = false): Promise<Page<AuditEventRow>> {
    const rows = this.filtered(f);
    const order = ascending ? 'asc' : 'desc';
    const page = rows
      .select((eb) => [...COLUMNS, isoUtc(eb.ref('at')).as('at'), sql<AuditDiff | null>`${eb.ref('diff')}`.as('diff')])
      .orderBy('at', order)
      .orderBy('id', order)
      .offset(skip)
      .limit(take);
    const [items, count] = await Promise.all([this.sql.list(page), countOrEstimate(this.sql, rows.select('id'))]);
    return { items, total: count.total, estimated: count.estimated || undefined };
  }

  /** Every event the filter selects, newest first, a chunk at a time (keyset: no offset grows with the export). */
  async *all(f: AuditFilter, max: number): AsyncGenerator<AuditEventRow[]> {
    // The cursor's time as PostgreSQL's text: a Date would drop the microseconds and skip rows.
    let after: { at: string; id: string } | undefined;
    let read = 0;
    while (read < max) {
      const chunk = await this.sql.list(
        this.filtered(f)
          .select((eb) => [
            ...COLUMNS,
            isoUtc(eb.ref('at')).as('at'),
            sql<string>`${eb.ref('at')}::text`.as('atValue'),
            sql<AuditDiff | null>`${eb.ref('diff')}`.as('diff'),
          ])
          .$if(after !== undefined, (b) =>
            b.where((eb) => sql<boolean>`(${eb.ref('at')}, ${eb.ref('id')}) < (${after!.at}::timestamptz, ${after!.id}::uuid)`),
          )
          .orderBy('at', 'desc')
          .orderBy('id', 'desc')
          .limit(Math.min(EXPORT_CHUNK, max - read)),
      );
      if (chunk.length === 0) return;
      read += chunk.length;
      const last = chunk[chunk.length - 1];
      after = { at: last.atValue, id: last.id };
      yield chunk.map(({ atValue: _, ...row }) => row);
      if (chunk.length < EXPORT_CHUNK) return;
    }
  }
}
