import { Injectable } from '@nestjs/common';
import {
  callPhase,
  callStatus,
  EMPTY_ID,
  invalidFilterEmails,
  isCallLocked,
  normalizeEmailFilter,
  parseEmailFilter,
  shortDescription,
  type Decision,
} from '@impact-calls/domain';
import type { EntityManager } from 'typeorm';
import { AccessPolicy, callNotFound } from '../../common/access/access.policy.js';
import { Permission } from '../../common/access/permission.js';
import type { AuthUser } from '../../common/auth/access.decorator.js';
import { badRequest, conflict, notFound, versionRequired } from '../../common/http/app-error.js';
import { cleanRichHtml } from '../../common/html/safe-html.js';
import { MAX_LIST_OFFSET, type ListQuery, type Page } from '../../common/http/pagination.js';
import { isEmptyId } from '../../common/ids.js';
import { CallTypesService } from './call-types.service.js';
import { CallEntity } from './call.entity.js';
import { CallSubmissionsRepository } from './call-submissions.repository.js';
import { CallsRepository, type CallUserRow, type CallWithCounts } from './calls.repository.js';
import type { CallAdminDto, CallDetailAdminDto, CallDto, CallUserDto, CreateCallDto } from './dto/call.dto.js';
import { refusedFor } from '../../database/sql.js';
import { AuditService } from '../audit/audit.service.js';

/** What a call's DTO shows: the applicant list's columns, but the e-mail filter's addresses. */
type CallFields = Omit<CallUserRow, 'userFilterEmail' | 'submissionId' | 'submissionClosed' | 'submissionDecision'>;

function toCallDto(c: CallFields, now: Date): CallDto {
  return {
    id: c.id,
    name: c.name,
    description: c.description,
    callTypeId: c.callTypeId,
    type: c.callTypeId,
    openingAt: c.openingAt.toISOString(),
    closingAt: c.closingAt.toISOString(),
    status: callStatus(c, now),
    phase: callPhase(c, now),
    callLockEnd: c.callLockEnd ? c.callLockEnd.toISOString() : null,
    locked: isCallLocked(c, now),
    isUserFilterEnable: c.isUserFilterEnable,
    enableUserDownloadPdf: c.enableUserDownloadPdf,
    impactFrameworkId: c.impactFrameworkId,
    userPowerBIWorkspaceID: c.userPowerBIWorkspaceID,
    userPowerBIReportID: c.userPowerBIReportID,
    customFile: c.customFileId ? { id: c.customFileId, name: c.customFileName ?? '' } : null,
  };
}

/** A call's DTO with the organization's submission of it (the empty id, not closed and no decision when it has none). */
function withSubmission(
  dto: CallDto,
  s: { id: string | null; closed: boolean | null; decision: Decision | null } | undefined,
): CallUserDto {
  return { ...dto, submissionId: s?.id ?? EMPTY_ID, submissionClosed: s?.closed ?? false, decision: s?.decision ?? null };
}

function toCallAdminDto(c: CallWithCounts, now = new Date()): CallAdminDto {
  return {
    ...toCallDto(c, now),
    userFilterEmail: c.userFilterEmail,
    powerBIWorkspaceID: c.powerBIWorkspaceID,
    powerBIReportID: c.powerBIReportID,
    submissionCount: c.submissionCount,
    version: c.version,
    createdAt: c.createdAt.toISOString(),
    updatedAt: c.updatedAt.toISOString(),
    callTypeName: c.callTypeName,
  };
}

/** What the audit trail compares of a call: its own fields, not its counts nor the row's bookkeeping. */
function auditedCall(c: CallEntity | CallWithCounts): Record<string, unknown> {
  // prettier-ignore
  const { name, description, callTypeId, openingAt, closingAt, callLockEnd, isUserFilterEnable, userFilterEmail, enableUserDownloadPdf,
    impactFrameworkId, customFileId, customFileName, powerBIWorkspaceID, powerBIReportID, userPowerBIWorkspaceID, userPowerBIReportID } = c;
  // prettier-ignore
  return { name, description, callTypeId, openingAt, closingAt, callLockEnd, isUserFilterEnable, userFilterEmail, enableUserDownloadPdf,
    impactFrameworkId, customFileId, customFileName, powerBIWorkspaceID, powerBIReportID, userPowerBIWorkspaceID, userPowerBIReportID };
}

/** A page of the applicant's call list: this many calls unless asked otherwise, at most MAX_CALL_PAGE. */
export const DEFAULT_CALL_PAGE = 20;
export const MAX_CALL_PAGE = 100;

/** GetCallListUser's paging: neither parameter, the whole list (the spec's clients); either, a page. */
export function callPage(offset: unknown, limit: unknown): { offset: number; limit: number } | undefined {
  if (offset === undefined && limit === undefined) return undefined;
  const whole = (name: string, v: unknown, fallback: number, min: number, max: number) => {
    if (v === undefined) return fallback;
    if (typeof v !== 'string' || !/^\d{1,10}$/.test(v) || Number(v) < min || Number(v) > max)
      throw badRequest('errors.list-query', `${name} must be a whole number from ${min} to ${max}`);
    return Number(v);
  };
  return { offset: whole('offset', offset, 0, 0, MAX_LIST_OFFSET), limit: whole('limit', limit, DEFAULT_CALL_PAGE, 1, MAX_CALL_PAGE) };
}

/** Empty analytics ids are stored as null (spec section 5). */
const blankToNull = (s: string | null | undefined): string | null | undefined =>
  s === undefined ? undefined : s === null || s.trim() === '' ? null : s.trim();

@Injectable()
export class CallsService {
  constructor(
    private readonly calls: CallsRepository,
    private readonly submissions: CallSubmissionsRepository,
    private readonly access: AccessPolicy,
    private readonly callTypes: CallTypesService,
    private readonly audit: AuditService,
  ) {}

  /** A call from memory (frozen, exact through CacheInvalidation): what filling reads on every save. */
  findCached(id: string): Promise<CallEntity | null> {
    return this.calls.findCached(id);
  }

  /** A call read now, not from memory: creating a submission checks the call's current dates. */
  findById(id: string): Promise<CallEntity | null> {
    return this.calls.findById(id);
  }

  /** The call's row, locked until the transaction ends (its custom file is being changed). */
  lockForUpdate(m: EntityManager, id: string): Promise<CallEntity | null> {
    return this.calls.findById(id, m, true);
  }

  /** Links (or, with null, unlinks) the call's custom file; the caller holds the row's lock. */
  async setCustomFile(m: EntityManager, callId: string, file: { downloadId: string; fileName: string } | null): Promise<void> {
    const call = await this.calls.findById(callId, m);
    await this.calls.setCustomFile(m, callId, file);
    await this.audit.record(m, {
      action: 'call.custom-file',
      entity: 'call',
      entityId: callId,
      summary: call?.name,
      before: { customFileId: call?.customFileId ?? null, customFileName: call?.customFileName ?? null },
      after: { customFileId: file?.downloadId ?? null, customFileName: file?.fileName ?? null },
    });
  }

  isCustomFileOfAnotherCall(m: EntityManager, downloadId: string, callId: string): Promise<boolean> {
    return this.calls.isCustomFileOfAnotherCall(m, downloadId, callId);
  }

  /** GetCallListUser: the calls the user may see, open first, each by name, with the organization's submission, and how many in all. */
  async listForUser(
    user: AuthUser,
    organizationId: string | undefined,
    page?: { offset: number; limit: number },
  ): Promise<{ items: CallUserDto[]; total: number }> {
    const now = new Date();
    const visible = await this.calls.listVisibleTo(user.email, now, (rows) => this.access.visibleCalls({ user, organizationId }, rows));
    const shown = page ? visible.slice(page.offset, page.offset + page.limit) : visible;
    const submissions = organizationId && shown.length ? await this.submissions.submissionsOf(organizationId) : undefined;
    const items = shown.map((c) => {
      const dto = toCallDto(c, now);
      // A page of the list shortens long descriptions: the call's own page shows them whole.
      const short = page ? shortDescription(dto.description) : undefined;
      const view = short?.shortened ? { ...dto, description: short.text, descriptionShortened: true } : dto;
      return withSubmission(view, submissions?.get(c.id));
    });
    return { items, total: visible.length };
  }

  /** GetCallById: one call the user may see (404 when missing or filtered out). */
  async getForUser(id: string, user: AuthUser, organizationId: string | undefined): Promise<CallUserDto> {
    const row = await this.calls.findWithSubmission(id, organizationId);
    if (!row) throw callNotFound();
    this.access.require({ user, organizationId }, Permission.CallRead, row);
    return withSubmission(toCallDto(row, new Date()), {
      id: row.submissionId,
      closed: row.submissionClosed,
      decision: row.submissionDecision,
    });
  }

  async getForAdmin(id: string): Promise<CallDetailAdminDto> {
    const call = await this.calls.findByIdWithCounts(id);
    if (!call) throw notFound('pages.admin.call-not-found', 'Call not found');
    return { ...toCallAdminDto(call), callType: await this.callTypes.get(call.callTypeId) };
  }

  async listForAdmin(): Promise<CallAdminDto[]> {
    return (await this.page({ skip: 0, take: MAX_LIST_OFFSET, sortField: 'name', sortOrder: 'ASC', filter: {} })).items;
  }

  async page(query: ListQuery): Promise<Page<CallAdminDto>> {
    const now = new Date();
    const page = await this.calls.findPage(query, now);
    return { items: page.items.map((c) => toCallAdminDto(c, now)), total: page.total };
  }

  /** CreateCall: the call type (given by id, or created/updated with its steps) and the call, in one transaction. */
  async create(dto: CreateCallDto): Promise<CallDetailAdminDto> {
    return this.getForAdmin(await this.calls.transaction((m) => this.saveIn(m, undefined, dto)));
  }

  /** UpdateCall: same, on an existing call; the lock end date cannot change once set. */
  async update(id: string, dto: CreateCallDto & { version?: number }): Promise<CallDetailAdminDto> {
    await this.calls.transaction((m) => this.saveIn(m, id, dto));
    return this.getForAdmin(id);
  }

  /** DeleteCall: refused while the call has submissions (nothing is lost). */
  async delete(id: string): Promise<CallAdminDto> {
    const before = await this.calls.findByIdWithCounts(id);
    if (!before) throw notFound('pages.admin.call-not-found', 'Call not found');
    await this.calls.transaction(async (m) => {
      if (!(await this.calls.findById(id, m, true))) throw notFound('pages.admin.call-not-found', 'Call not found');
      const refuse = () => conflict('pages.admin.error-call-has-submissions', 'This call has submissions: it cannot be deleted');
      if ((await this.calls.countSubmissions(id, m)) > 0) throw refuse();
      await this.calls.delete(id, m).catch((e: unknown) => {
        throw refusedFor(e, 'foreignKey') ? refuse() : e;
      });
      await this.audit.record(m, {
        action: 'call.delete',
        entity: 'call',
        entityId: id,
        summary: before.name,
        before: auditedCall(before),
      });
    });
    return toCallAdminDto(before);
  }

  /** Creates (no `id`) or updates a call in the caller's transaction; answers its id. */
  async saveIn(m: EntityManager, id: string | undefined, dto: CreateCallDto & { version?: number }): Promise<string> {
    const now = new Date();
    const call = id ? await this.calls.findById(id, m, true) : new CallEntity();
    if (!call) throw notFound('pages.admin.call-not-found', 'Call not found');
    const before = id ? auditedCall(call) : null;
    if (id && dto.version === undefined) throw versionRequired('call');
    if (id && dto.version !== call.version) throw conflict('errors.stale-version', 'This call was changed by someone else; reload it');

    if (dto.closingAt.getTime() <= dto.openingAt.getTime())
      throw badRequest('pages.admin.error-call-dates', 'closingAt must be after openingAt', {
        errors: { closingAt: 'must be after openingAt' },
      });
    this.checkLock(call, dto.callLockEnd, now);
    const filterOn = dto.isUserFilterEnable ?? (id ? call.isUserFilterEnable : false);
    const emails = dto.userFilterEmail ?? (id ? call.userFilterEmail : '');
    const bad = invalidFilterEmails(emails);
    if (bad.length)
      throw badRequest('pages.admin.error-filter-email', `Not e-mail addresses: ${bad.join(', ')}`, {
        errors: { userFilterEmail: `not e-mail addresses: ${bad.join(', ')}` },
      });
    if (filterOn && parseEmailFilter(emails).length === 0)
      throw badRequest('pages.admin.error-filter-email-empty', 'List at least one e-mail address, or turn the filter off', {
        errors: { userFilterEmail: 'at least one address' },
      });

    if (dto.impactFrameworkId !== undefined)
      call.impactFrameworkId = isEmptyId(dto.impactFrameworkId) ? null : dto.impactFrameworkId!.toLowerCase();
    // The call's impact framework after this save: miniDyi steps naming none use it.
    const framework = call.impactFrameworkId ?? null;
    let callTypeId = dto.callTypeId;
    if (dto.callType) {
      if (callTypeId && !isEmptyId(dto.callType.id) && dto.callType.id !== callTypeId)
        throw badRequest('errors.validation', 'callTypeId and callType.id disagree', {
          errors: { callTypeId: 'differs from callType.id' },
        });
      const { id: typeId, version, name, description, steps } = dto.callType;
      const input = { id: typeId, version, name: name?.trim() || dto.name, description: description?.trim() || dto.name, steps };
      callTypeId = await this.callTypes.upsertIn(m, input, framework);
    } else if (callTypeId) {
      await this.callTypes.get(callTypeId, m).catch(() => {
        throw badRequest('errors.call-type-not-found', 'No such call type', { errors: { callTypeId: 'no such call type' } });
      });
    } else if (!id) throw badRequest('errors.validation', 'Give callTypeId or callType', { errors: { callTypeId: 'required' } });
    // A kept call type's steps: its miniDyi steps that name no framework need the call's.
    if (!dto.callType && !framework) await this.callTypes.checkFillable(m, callTypeId ?? call.callTypeId, null);

    Object.assign(call, {
      name: dto.name,
      description: cleanRichHtml('description', dto.description ?? (id ? call.description : '')),
      callTypeId: callTypeId ?? call.callTypeId,
      openingAt: dto.openingAt,
      closingAt: dto.closingAt,
      isUserFilterEnable: filterOn,
      userFilterEmail: normalizeEmailFilter(emails),
    });
    if (dto.callLockEnd !== undefined) call.callLockEnd = dto.callLockEnd;
    if (dto.enableUserDownloadPdf !== undefined) call.enableUserDownloadPdf = dto.enableUserDownloadPdf;
    for (const key of ['powerBIWorkspaceID', 'powerBIReportID', 'userPowerBIWorkspaceID', 'userPowerBIReportID'] as const) {
      const v = blankToNull(dto[key]);
      if (v !== undefined) call[key] = v;
    }
    const saved = await this.calls.save(call, m);
    const action = id ? 'call.update' : 'call.create';
    await this.audit.record(m, { action, entity: 'call', entityId: saved.id, summary: saved.name, before, after: auditedCall(saved) });
    return saved.id;
  }

  /** Call lock (spec section 4): a lock end date must be in the future when set, and once saved never changes. */
  private checkLock(call: CallEntity, wanted: Date | null | undefined, now: Date): void {
    if (wanted === undefined) return;
    if (call.callLockEnd && wanted?.getTime() !== call.callLockEnd.getTime())
      throw badRequest('pages.admin.error-call-lock-immutable', 'The lock end date cannot be changed once saved', {
        errors: { callLockEnd: 'cannot be changed once saved' },
      });
    if (!call.callLockEnd && wanted && wanted.getTime() <= now.getTime())
      throw badRequest('pages.admin.error-call-lock-past', 'The lock end date must be in the future', {
        errors: { callLockEnd: 'must be in the future' },
      });
  }
}
