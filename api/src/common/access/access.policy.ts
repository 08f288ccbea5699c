import { Inject, Injectable } from '@nestjs/common';
import { isCallOpen, isEmailAllowed } from '@impact-calls/domain';
import type { AuthUser } from '../auth/access.decorator.js';
import { badRequest, conflict, notFound } from '../http/app-error.js';
import { AccessRepository, type AttachmentFacts, type CallFacts, type SubmissionFacts } from './access.repository.js';
import { MEMBERSHIP_READER, type Membership, type MembershipReader } from './memberships.js';
import { Permission } from './permission.js';

/** Who asks: the signed-in user and the organization they act for (SelectedOrganizationId, already a membership). */
export interface Auth {
  user: Pick<AuthUser, 'id' | 'email' | 'isAdmin'>;
  organizationId?: string;
}

export interface AccessRequest {
  auth: Auth;
  permission: Permission;
  ids: readonly string[];
  /** The error when refused (default: the permission's own, below). */
  refusal?: () => Error;
}

/** Pure facts of one record, by permission (what the access repository reads, or a caller already holds: a locked row, a cache). */
export interface FactsOf {
  [Permission.OrganizationRead]: Membership;
  [Permission.OrganizationWrite]: Membership;
  [Permission.CallRead]: CallFacts;
  [Permission.CallApply]: CallFacts;
  [Permission.CallTypeRead]: CallFacts[];
  [Permission.SubmissionRead]: SubmissionFacts;
  [Permission.SubmissionWrite]: SubmissionFacts;
  [Permission.SubmissionReview]: SubmissionFacts;
  [Permission.AttachmentRead]: AttachmentFacts;
  [Permission.AttachmentDelete]: AttachmentFacts;
}

/**
 * The roles of an organization's members and what each may do to the organization itself
 * (docs/decisions/access.md). Every member is `owner` today; `editor` and `viewer` are one
 * line each here.
 */
const ORGANIZATION_ROLES: Record<string, readonly Permission[]> = {
  owner: [Permission.OrganizationRead, Permission.OrganizationWrite],
};

export const submissionNotFound = () => notFound('errors.submission-not-found', 'Submission not found');
export const callNotFound = () => notFound('pages.admin.call-not-found', 'Call not found');
const fileNotFound = () => notFound('errors.file-not-found', 'File not found');
const organizationNotFound = () => notFound('errors.organization-not-found', 'Organization not found');

/** The error of each permission when a record is missing or not the user's: 404, as if it did not exist. */
const REFUSALS: Record<Permission, () => Error> = {
  [Permission.OrganizationRead]: organizationNotFound,
  [Permission.OrganizationWrite]: organizationNotFound,
  [Permission.CallRead]: callNotFound,
  [Permission.CallApply]: callNotFound,
  [Permission.CallTypeRead]: () => notFound('errors.call-type-not-found', 'Call type not found'),
  [Permission.SubmissionRead]: submissionNotFound,
  [Permission.SubmissionWrite]: submissionNotFound,
  [Permission.SubmissionReview]: submissionNotFound,
  [Permission.AttachmentRead]: fileNotFound,
  [Permission.AttachmentDelete]: fileNotFound,
};

/**
 * The one access policy of the API (issue 15): "may this user do this to these records".
 * Organization membership (archived organizations included), the admin role, a call's e-mail
 * filter and its open/closed state are decided here and nowhere else. Services ask with
 * `requireAccess({ auth, permission, ids })` (facts read for the whole set in one statement),
 * or, holding the facts already (a locked row, the fill cache), with `require`/`refusal`.
 */
@Injectable()
export class AccessPolicy {
  constructor(
    private readonly repo: AccessRepository,
    @Inject(MEMBERSHIP_READER) private readonly members: MembershipReader,
  ) {}

  /** Throws unless the user may act on every id (404 by default: not theirs is as unknown as missing). */
  async requireAccess({ auth, permission, ids, refusal }: AccessRequest): Promise<void> {
    const facts = await this.facts(auth, permission, [...new Set(ids)]);
    for (const id of ids) {
      const f = facts.get(id);
      const why = f === undefined ? REFUSALS[permission]() : this.refusal(auth, permission, f as never);
      // A refusal that says why (closed, not open, no organization) is kept; anything else is not found.
      if (why) throw refusal && isNotFound(why) ? refusal() : why;
    }
  }

  /** The ids the user may act on. */
  async checkAccess({ auth, permission, ids }: AccessRequest): Promise<Set<string>> {
    const facts = await this.facts(auth, permission, [...new Set(ids)]);
    const allowed = new Set<string>();
    for (const [id, f] of facts) if (!this.refusal(auth, permission, f as never)) allowed.add(id);
    return allowed;
  }

  /** Throws the refusal of a permission on facts the caller holds. */
  require<P extends Permission>(auth: Auth, permission: P, facts: FactsOf[P], now = new Date()): void {
    const why = this.refusal(auth, permission, facts, now);
    if (why) throw why;
  }

  /** Whether the user may, on facts the caller holds. */
  allows<P extends Permission>(auth: Auth, permission: P, facts: FactsOf[P], now = new Date()): boolean {
    return !this.refusal(auth, permission, facts, now);
  }

  /** Calls of a list the user may see (the list itself is the caller's query). */
  visibleCalls<T extends CallFacts>(auth: Auth, calls: readonly T[]): T[] {
    // The CallRead rule itself (refusal below), without building a refusal per hidden call: lists hold thousands.
    return calls.filter((c) => this.emailAllowed(auth, c));
  }

  /**
   * Why the user may not, or undefined when they may: the rules. 404 for what is not theirs;
   * 409 (never 403: the applicant app ends the session on a 403, spec section 8) for a write
   * to a submission they may read but not change now.
   */
  refusal<P extends Permission>(auth: Auth, permission: P, facts: FactsOf[P], now = new Date()): Error | undefined {
    const f = facts as FactsOf[Permission];
    const none = REFUSALS[permission];
    switch (permission) {
      case Permission.OrganizationRead:
      case Permission.OrganizationWrite: {
        // A member, of an organization that is not archived, whose role grants it.
        const m = f as Membership;
        return !m.archived && ORGANIZATION_ROLES[m.role]?.includes(permission) ? undefined : none();
      }
      case Permission.CallRead:
        return this.emailAllowed(auth, f as CallFacts) ? undefined : none();
      case Permission.CallApply:
        if (!this.emailAllowed(auth, f as CallFacts)) return none();
        return isCallOpen(f as CallFacts, now) ? undefined : badRequest('pages.calls.error-call-closed', 'The call is not open');
      case Permission.CallTypeRead:
        return (f as CallFacts[]).some((c) => this.emailAllowed(auth, c)) ? undefined : none();
      case Permission.SubmissionRead:
        return this.submissionRefusal(auth, f as SubmissionFacts, none);
      case Permission.SubmissionReview:
        return auth.user.isAdmin ? undefined : this.submissionRefusal(auth, f as SubmissionFacts, none);
      case Permission.SubmissionWrite: {
        const s = f as SubmissionFacts;
        return this.submissionRefusal(auth, s, none) ?? this.writeRefusal(s, now);
      }
      case Permission.AttachmentRead: {
        const a = f as AttachmentFacts;
        if (auth.user.isAdmin) return undefined;
        if (a.purpose === 'submission')
          return a.submission && auth.organizationId ? this.submissionRefusal(auth, a.submission, none) : none();
        if (a.purpose === 'custom-file') return a.customFileCalls.some((c) => this.emailAllowed(auth, c)) ? undefined : none();
        return none();
      }
      case Permission.AttachmentDelete: {
        const a = f as AttachmentFacts;
        return a.purpose === 'submission' && a.submission && auth.organizationId
          ? this.submissionRefusal(auth, a.submission, none)
          : none();
      }
    }
    return none();
  }

  /** The acting organization's submission, of a call the user may see. */
  private submissionRefusal(auth: Auth, s: SubmissionFacts, none: () => Error): Error | undefined {
    if (!auth.organizationId) return badRequest('errors.organization-required', 'Select an organization first');
    return s.organizationId === auth.organizationId && this.emailAllowed(auth, s.call) ? undefined : none();
  }

  /** A submission the user may read but not change now. */
  private writeRefusal(s: SubmissionFacts, now: Date): Error | undefined {
    if (s.closed) return conflict('errors.submission-closed', 'This submission is closed: it can no longer be changed');
    if (!isCallOpen(s.call, now)) return conflict('errors.call-closed', 'This call is not open');
    return undefined;
  }

  /** The call's e-mail filter (everyone, administrators included, on the applicant paths). */
  private emailAllowed(auth: Auth, call: CallFacts): boolean {
    return isEmailAllowed(call, auth.user.email);
  }

  private async facts(auth: Auth, permission: Permission, ids: string[]): Promise<ReadonlyMap<string, unknown>> {
    if (ids.length === 0) return new Map();
    switch (permission) {
      case Permission.OrganizationRead:
      case Permission.OrganizationWrite:
        // Memberships come cached from the organizations module (read on every request by the guard).
        return this.members.membershipsOf(auth.user.id);
      case Permission.CallRead:
      case Permission.CallApply:
        return this.repo.calls(ids);
      case Permission.CallTypeRead:
        return this.repo.callsOfCallTypes(ids);
      case Permission.SubmissionRead:
      case Permission.SubmissionWrite:
      case Permission.SubmissionReview:
        return this.repo.submissions(ids);
      case Permission.AttachmentRead:
      case Permission.AttachmentDelete:
        return this.repo.attachments(ids);
    }
  }
}

function isNotFound(e: Error): boolean {
  return (e as { getStatus?: () => number }).getStatus?.() === 404;
}
