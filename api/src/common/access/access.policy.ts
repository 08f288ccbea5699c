import { Inject, Injectable } from '@nestjs/common';
import { currentPhase, isCallLocked, isCallOpen, isEmailAllowed, isInEmailDomain, parseEmailFilter } from '@impact-calls/domain';
import type { AuthUser } from '../auth/access.decorator.js';
import { badRequest, conflict, forbidden, notFound } from '../http/app-error.js';
import {
  AccessRepository,
  type AssignmentFacts,
  type AttachmentFacts,
  type CallReviewFacts,
  type CallFacts,
  type ReportCallFacts,
  type ReviewerFacts,
  type SubmissionFacts,
  type SubmissionPdfFacts,
} from './access.repository.js';
import { ACCESS_SETTINGS, type AccessSettings } from './access-settings.js';
import { MEMBERSHIP_READER, type Membership, type MembershipReader } from './memberships.js';
import { Permission, type UserPermission } from './permission.js';

/**
 * Who asks: the signed-in user and the organization they act for (SelectedOrganizationId, already a membership). The
 * role of that membership comes with the user (`organizationRole`, set by the guard): the hot paths ask no query for it.
 */
export interface Auth {
  user: Pick<AuthUser, 'id' | 'email' | 'isAdmin' | 'organizationRole'>;
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
  [Permission.OrganizationMembers]: Membership;
  [Permission.CallRead]: CallFacts;
  [Permission.CallApply]: CallFacts;
  [Permission.CallTypeRead]: CallFacts[];
  [Permission.SubmissionRead]: SubmissionFacts;
  [Permission.SubmissionWrite]: SubmissionFacts;
  [Permission.SubmissionReview]: SubmissionFacts;
  [Permission.AttachmentRead]: AttachmentFacts;
  [Permission.AttachmentDelete]: AttachmentFacts;
  [Permission.SubmissionPdf]: SubmissionPdfFacts;
  [Permission.CallReport]: ReportCallFacts;
  [Permission.CallReview]: CallReviewFacts;
  [Permission.ReviewRead]: AssignmentFacts;
  [Permission.ReviewWrite]: AssignmentFacts;
  // The user's own: no record.
  [Permission.ConsoleUse]: undefined;
  [Permission.BrandingCustomize]: undefined;
  [Permission.LibraryUpload]: undefined;
  [Permission.ImpactFrameworkUsage]: undefined;
}

/** The permissions an organization role holds, besides the record's own rules (docs/decisions/access.md). */
const ORGANIZATION_ROLES: Record<string, readonly Permission[]> = {
  owner: [
    Permission.OrganizationRead,
    Permission.OrganizationWrite,
    Permission.OrganizationMembers,
    Permission.CallApply,
    Permission.SubmissionWrite,
    Permission.AttachmentDelete,
  ],
  editor: [Permission.OrganizationRead, Permission.CallApply, Permission.SubmissionWrite, Permission.AttachmentDelete],
  viewer: [Permission.OrganizationRead],
};

const roleGrants = (role: string | null | undefined, permission: Permission) => !!role && !!ORGANIZATION_ROLES[role]?.includes(permission);

export const submissionNotFound = () => notFound('errors.submission-not-found', 'Submission not found');
export const callNotFound = () => notFound('pages.admin.call-not-found', 'Call not found');
const fileNotFound = () => notFound('errors.file-not-found', 'File not found');
const organizationNotFound = () => notFound('errors.organization-not-found', 'Organization not found');
/** 409, never 403: the applicant app ends the session on a 403. */
const readOnly = () => conflict('errors.team.read-only', 'Your role in this organization lets you read, not write');
const ownersOnly = () => conflict('errors.team.owners-only', "Only the organization's owners may do this");
/** 403, never 404, for the user's own permissions: the route is known, the user is not one who may use it. */
const adminOnly = () => forbidden('errors.admin-only', 'Administrators only');

/** 404 when a record is missing or not the user's; 403 for the user's own permissions, whose routes are public knowledge. */
const REFUSALS: Record<Permission, () => Error> = {
  [Permission.OrganizationRead]: organizationNotFound,
  [Permission.OrganizationWrite]: organizationNotFound,
  [Permission.OrganizationMembers]: organizationNotFound,
  [Permission.CallRead]: callNotFound,
  [Permission.CallApply]: callNotFound,
  [Permission.CallTypeRead]: () => notFound('errors.call-type-not-found', 'Call type not found'),
  [Permission.SubmissionRead]: submissionNotFound,
  [Permission.SubmissionWrite]: submissionNotFound,
  [Permission.SubmissionReview]: submissionNotFound,
  [Permission.AttachmentRead]: fileNotFound,
  [Permission.AttachmentDelete]: fileNotFound,
  [Permission.SubmissionPdf]: submissionNotFound,
  [Permission.CallReport]: callNotFound,
  [Permission.CallReview]: callNotFound,
  [Permission.ReviewRead]: () => notFound('errors.review.not-found', 'Assignment not found'),
  [Permission.ReviewWrite]: () => notFound('errors.review.not-found', 'Assignment not found'),
  [Permission.ConsoleUse]: adminOnly,
  [Permission.BrandingCustomize]: adminOnly,
  [Permission.LibraryUpload]: adminOnly,
  [Permission.ImpactFrameworkUsage]: adminOnly,
};

/**
 * The one access policy of the API: "may this user do this to these records", decided here and
 * nowhere else. Services ask with `requireAccess({ auth, permission, ids })` (facts read for the
 * whole set in one statement), or, holding the facts already (a locked row, a cache), with `require`.
 */
@Injectable()
export class AccessPolicy {
  constructor(
    private readonly repo: AccessRepository,
    @Inject(MEMBERSHIP_READER) private readonly members: MembershipReader,
    @Inject(ACCESS_SETTINGS) private readonly settings: AccessSettings,
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
    return new Set([...facts.keys()].filter((id) => !this.refusal(auth, permission, facts.get(id) as never)));
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

  /** Throws unless the user may on one of the records: the first refusal that says why (409...), else `refusal`. */
  requireAny<P extends Permission>(auth: Auth, permission: P, facts: readonly FactsOf[P][], refusal: () => Error, now = new Date()): void {
    let why: Error | undefined;
    for (const f of facts) {
      const r = this.refusal(auth, permission, f, now);
      if (!r) return;
      if (!why && !isNotFound(r)) why = r;
    }
    throw why ?? refusal();
  }

  /** Throws (403) unless the user holds a permission of their own (console, branding, ...): who they are, on no record. */
  requireGranted(auth: Auth, permission: UserPermission): void {
    this.require(auth, permission, undefined);
  }

  /** Whether the user holds a permission of their own (console, branding, ...). */
  granted(auth: Auth, permission: UserPermission): boolean {
    return this.allows(auth, permission, undefined);
  }

  /**
   * Who may see a call (call.read), for a query that selects people (a message's recipients): null
   * when everyone may, else the addresses its e-mail filter lists; undefined for an unknown call.
   */
  async callReaders(callId: string): Promise<string[] | null | undefined> {
    const call = (await this.repo.calls([callId])).get(callId);
    return call && (call.isUserFilterEnable ? parseEmailFilter(call.userFilterEmail) : null);
  }

  /** Calls of a list the user may see; the e-mail filter holds for everyone, administrators included, on the applicant paths. */
  visibleCalls<T extends CallFacts>(auth: Auth, calls: readonly T[]): T[] {
    // The CallRead rule itself (refusal below), without building a refusal per hidden call: lists hold thousands.
    return calls.filter((c) => isEmailAllowed(c, auth.user.email));
  }

  /**
   * Why the user may not, or undefined when they may. 409, never 403, for a write to a submission they
   * may read but not change now: the applicant app ends the session on a 403.
   */
  refusal<P extends Permission>(auth: Auth, permission: P, facts: FactsOf[P], now = new Date()): Error | undefined {
    const f = facts as FactsOf[Permission];
    const none = REFUSALS[permission];
    switch (permission) {
      case Permission.OrganizationRead:
      case Permission.OrganizationWrite:
      case Permission.OrganizationMembers: {
        // A member, of an organization that is not archived, whose role grants it (a member whose role does not: 409).
        const m = f as Membership;
        if (m.archived || !roleGrants(m.role, Permission.OrganizationRead)) return none();
        return roleGrants(m.role, permission) ? undefined : ownersOnly();
      }
      case Permission.CallRead:
        return isEmailAllowed(f as CallFacts, auth.user.email) ? undefined : none();
      case Permission.CallApply:
        if (!isEmailAllowed(f as CallFacts, auth.user.email)) return none();
        if (!this.actingRoleGrants(auth, permission)) return readOnly();
        return isCallOpen(f as CallFacts, now) ? undefined : badRequest('pages.calls.error-call-closed', 'The call is not open');
      case Permission.CallTypeRead:
        return (f as CallFacts[]).some((c) => isEmailAllowed(c, auth.user.email)) ? undefined : none();
      case Permission.SubmissionRead:
        return this.submissionRefusal(auth, f as SubmissionFacts, none);
      case Permission.SubmissionReview:
        return auth.user.isAdmin ? undefined : this.submissionRefusal(auth, f as SubmissionFacts, none);
      case Permission.SubmissionWrite: {
        const s = f as SubmissionFacts;
        return this.submissionRefusal(auth, s, none) ?? (this.actingRoleGrants(auth, permission) ? this.writeRefusal(s, now) : readOnly());
      }
      case Permission.AttachmentRead: {
        const a = f as AttachmentFacts;
        if (auth.user.isAdmin) return undefined;
        if (a.purpose === 'submission')
          return a.submission && auth.organizationId ? this.submissionRefusal(auth, a.submission, none) : none();
        if (a.purpose === 'custom-file') return a.customFileCalls.some((c) => isEmailAllowed(c, auth.user.email)) ? undefined : none();
        return none();
      }
      case Permission.AttachmentDelete: {
        const a = f as AttachmentFacts;
        if (!(a.purpose === 'submission' && a.submission && auth.organizationId)) return none();
        return this.submissionRefusal(auth, a.submission, none) ?? (this.actingRoleGrants(auth, permission) ? undefined : readOnly());
      }
      case Permission.SubmissionPdf: {
        // 409 with a key, never 403: a 403 would end the applicant's session (spec section 8).
        if (auth.user.isAdmin) return undefined;
        const s = f as SubmissionPdfFacts;
        const why = this.submissionRefusal(auth, s, none);
        if (why) return why;
        if (!s.enableUserDownloadPdf)
          return conflict('errors.pdf-not-allowed', 'The PDF of applications to this call is not available to applicants');
        return s.closed ? undefined : conflict('errors.pdf-not-submitted', 'The PDF is available once the application is submitted');
      }
      case Permission.CallReport: {
        const c = f as ReportCallFacts;
        if (!isEmailAllowed(c, auth.user.email)) return none();
        return isCallLocked(c, now)
          ? conflict('pages.admin.pbi.locked', 'The report opens once the call’s lock end date has passed')
          : undefined;
      }
      case Permission.CallReview:
        return (f as CallReviewFacts).reviewers.some((r) => isReviewer(auth, r)) ? undefined : none();
      case Permission.ReviewRead:
        return isReviewer(auth, f as AssignmentFacts) ? undefined : none();
      case Permission.ReviewWrite: {
        // A reviewer's role is a mapping of these facts: their assignment, and the phase in force.
        const a = f as AssignmentFacts;
        if (!isReviewer(auth, a)) return none();
        return currentPhase(a.phases, now)?.mayScore
          ? undefined
          : conflict('errors.review.phase-closed', 'The review phase does not let reviewers score now');
      }
      case Permission.BrandingCustomize:
        // The customize domain is compared in one place, case-insensitively (isInEmailDomain): the guard and GET /User both ask here.
        if (!auth.user.isAdmin) return none();
        return isInEmailDomain(auth.user.email, this.settings.customizeEmailDomain)
          ? undefined
          : forbidden('errors.customize-only', 'Only administrators of the customizing company may change the branding');
      case Permission.ConsoleUse:
      case Permission.LibraryUpload:
      case Permission.ImpactFrameworkUsage:
        return auth.user.isAdmin ? undefined : none();
    }
    return none();
  }

  /** The role of the membership the user may act for (SelectedOrganizationId), or undefined when they may not act for it. */
  async actingRole(auth: Auth, organizationId: string): Promise<string | undefined> {
    const m = (await this.members.membershipsOf(auth.user.id)).get(organizationId);
    return m && !this.refusal(auth, Permission.OrganizationRead, m) ? m.role : undefined;
  }

  /**
   * Whether the role the user acts for the organization in grants a write. Every request's user carries its role (null
   * without one, from the guard); a caller inside the process (seeder, test factory) carries none and acts as before roles.
   */
  private actingRoleGrants(auth: Auth, permission: Permission): boolean {
    const role = auth.user.organizationRole;
    return !auth.organizationId || role === undefined || roleGrants(role, permission);
  }

  /** The acting organization's submission, of a call the user may see. */
  private submissionRefusal(auth: Auth, s: SubmissionFacts, none: () => Error): Error | undefined {
    if (!auth.organizationId) return badRequest('errors.organization-required', 'Select an organization first');
    return s.organizationId === auth.organizationId && isEmailAllowed(s.call, auth.user.email) ? undefined : none();
  }

  /** A submission the user may read but not change now. */
  private writeRefusal(s: SubmissionFacts, now: Date): Error | undefined {
    if (s.closed) return conflict('errors.submission-closed', 'This submission is closed: it can no longer be changed');
    if (!isCallOpen(s.call, now)) return conflict('errors.call-closed', 'This call is not open');
    return undefined;
  }

  private async facts(auth: Auth, permission: Permission, ids: string[]): Promise<ReadonlyMap<string, unknown>> {
    if (ids.length === 0) return new Map();
    switch (permission) {
      case Permission.OrganizationRead:
      case Permission.OrganizationWrite:
      case Permission.OrganizationMembers:
        // Memberships come cached from the organizations module (read on every request by the guard).
        return this.members.membershipsOf(auth.user.id);
      case Permission.CallRead:
      case Permission.CallApply:
      case Permission.CallReport:
        return this.repo.calls(ids);
      case Permission.CallTypeRead:
        return this.repo.callsOfCallTypes(ids);
      case Permission.SubmissionRead:
      case Permission.SubmissionWrite:
      case Permission.SubmissionReview:
      case Permission.SubmissionPdf:
        return this.repo.submissions(ids);
      case Permission.AttachmentRead:
      case Permission.AttachmentDelete:
        return this.repo.attachments(ids);
      case Permission.CallReview:
        return this.repo.callReviewers(ids);
      case Permission.ReviewRead:
      case Permission.ReviewWrite:
        return this.repo.assignments(ids);
      case Permission.ConsoleUse:
      case Permission.BrandingCustomize:
      case Permission.LibraryUpload:
      case Permission.ImpactFrameworkUsage:
        // No record: asked with requireGranted/granted.
        return new Map();
    }
  }
}

/** The user is this reviewer: by account, or by the address invited before the account existed. */
function isReviewer(auth: Auth, r: ReviewerFacts): boolean {
  return r.userId ? r.userId === auth.user.id : r.email === auth.user.email.toLowerCase();
}

function isNotFound(e: Error): boolean {
  return (e as { getStatus?: () => number }).getStatus?.() === 404;
}
