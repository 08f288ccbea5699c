import { Injectable } from '@nestjs/common';
import { auditDiff, type AuditDiff } from '@impact-calls/domain';
import type { EntityManager } from 'typeorm';
import type { AuthUser } from '../../common/auth/access.decorator.js';
import { listFilter } from '../../common/http/list-filter.js';
import type { ListQuery, Page } from '../../common/http/pagination.js';
import { notFound } from '../../common/http/app-error.js';
import { currentRequest } from '../../common/logging/request-context.js';
import { AuditRepository, type AuditEventRow, type AuditFilter } from './audit.repository.js';

/** What a service tells the trail about one of its writes. */
export interface AuditEventInput {
  /** `<entity>.<verb>`: call.update, submission.reopen, review.submit. */
  action: string;
  entity: string;
  entityId?: string | null;
  /** A short line a person reads in the list (a name, counts). */
  summary?: string;
  /** The record before and after the write: only the changed fields are kept. Omit both for an event without diff. */
  before?: unknown;
  after?: unknown;
  /** Who did it; by default the request's signed-in user (none: the system). */
  actor?: AuthUser | null;
  /** The capacity they acted in; by default admin or user from the actor, system without one. */
  role?: 'admin' | 'reviewer' | 'owner' | 'user' | 'system';
}

const MAX_SUMMARY = 500;
/** The most rows one export writes. */
export const MAX_AUDIT_EXPORT = 100_000;

@Injectable()
export class AuditService {
  constructor(private readonly events: AuditRepository) {}

  /**
   * Writes an event in the caller's transaction `m`, so it exists exactly when the change does.
   * The request's id and address come from the request being served.
   */
  async record(m: EntityManager, event: AuditEventInput): Promise<void> {
    const request = currentRequest();
    const actor = event.actor === undefined ? request?.user : event.actor;
    const role = event.role ?? (actor ? (actor.isAdmin ? 'admin' : 'user') : 'system');
    const diff: AuditDiff | null =
      event.before === undefined && event.after === undefined ? null : auditDiff(event.before ?? null, event.after ?? null);
    await this.events.insert(m, {
      actorId: actor?.id ?? null,
      actorEmail: actor?.email ?? null,
      actorRole: role,
      action: event.action,
      entity: event.entity,
      entityId: event.entityId ?? null,
      summary: (event.summary ?? '').slice(0, MAX_SUMMARY),
      diff,
      requestId: request?.requestId ?? null,
      ip: request?.ip ?? null,
    });
  }

  /** An event that goes with no write (an export, a download), in a transaction of its own. */
  recordAlone(event: AuditEventInput): Promise<void> {
    return this.events.transaction((m) => this.record(m, event));
  }

  async get(id: string): Promise<AuditEventRow> {
    const row = await this.events.findById(id);
    if (!row) throw notFound('errors.audit.not-found', 'Audit event not found');
    return row;
  }

  page(query: ListQuery): Promise<Page<AuditEventRow>> {
    return this.events.page(auditFilter(query.filter), query.skip, query.take, query.sortField === 'at' && query.sortOrder === 'ASC');
  }

  /** The filtered events, newest first, chunk by chunk (at most MAX_AUDIT_EXPORT). */
  all(filter: AuditFilter): AsyncGenerator<AuditEventRow[]> {
    return this.events.all(filter, MAX_AUDIT_EXPORT);
  }
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** The console's filter: actorId, actor (part of an e-mail), entity, entityId, action, from and to (a day given alone counts whole). */
export function auditFilter(raw: Record<string, unknown>): AuditFilter {
  const f = listFilter(raw);
  const to = f.date('to');
  const toRaw = f.str('to');
  return {
    actorId: f.uuid('actorId'),
    actor: f.q('actor'),
    entity: f.str('entity')?.slice(0, 40),
    entityId: f.str('entityId')?.slice(0, 200),
    action: f.str('action')?.slice(0, 60),
    from: f.date('from'),
    to: to && toRaw?.length === 10 ? new Date(to.getTime() + DAY_MS) : to,
  };
}
