/**
 * The authorization matrix (security.md, "Access"): EVERY operation of the committed
 * openapi/openapi.json is called as anonymous, a user of organization A, a user of
 * organization B, an administrator, and an administrator outside the customize domain.
 *
 * Who passes the door is derived from the operation's `x-access` rule (the same metadata
 * the global guard reads); what happens once through is the `ok` status of the CASES
 * table below, with `otherOrg` for B acting on A's data (404: never A's data) and `admin`
 * for administrators on user endpoints. The table only says how to call an operation: a
 * new operation without an entry fails this test, so no endpoint can be forgotten.
 * Every non-public operation is also called by B naming A in SelectedOrganizationId (403).
 *
 * Two more identities (issue 15): `userFiltered`, a member of organization A whom the e-mail
 * filter of the fixture call leaves out (every user route states its `filtered` status: 404
 * wherever the call, its submission, its answers or its files are involved), and
 * `userArchived`, a member of an archived organization acting for it (403
 * errors.organization-forbidden on every non-public route: an archived organization is no
 * organization to act for).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import type { Test } from 'supertest';
import { createTestApp, type TestApp } from './app.js';
import { testFiles, type TestUser } from './factory.js';

type Role = 'anonymous' | 'userA' | 'userB' | 'userFiltered' | 'userArchived' | 'admin' | 'adminOutside';
const ROLES: Role[] = ['anonymous', 'userA', 'userB', 'userFiltered', 'userArchived', 'admin', 'adminOutside'];

interface AccessRule {
  public?: boolean;
  admin?: boolean;
  customize?: boolean;
  metrics?: boolean;
  organization?: 'required' | 'optional';
}

interface Operation {
  method: string;
  path: string;
  operationId: string;
  access: AccessRule;
}

interface Fixtures {
  users: Record<Exclude<Role, 'anonymous'>, TestUser>;
  orgA: string;
  orgB: string;
  orgArchived: string;
  /** Open, with an e-mail filter listing every role's address but userFiltered's. */
  callId: string;
  callTypeId: string;
  stepId: string;
  uploadStepId: string;
  surveyStepId: string;
  /** Organization A's submission of the open call, with survey answers and a file. */
  submissionA: string;
  downloadIdA: string;
  /** An id nothing has. */
  none: string;
  /** A fresh organization of user A (for destructive operations). */
  freshOrgA(): Promise<string>;
  /** A fresh submission of organization A to a one-text-step call (closable). */
  freshSubmissionA(): Promise<string>;
  /** A fresh submission of organization A to a call of every kind, with its upload step. */
  freshFillSubmissionA(): Promise<{ submissionId: string; uploadStepId: string }>;
  /** A file organization A uploaded to a fresh submission. */
  freshAttachmentA(): Promise<{ id: string; submissionId: string }>;
  uploadTo(target: { submissionId: string; uploadStepId: string }): Call;
  stepResultVersion(): Promise<number>;
  organizationBody(o?: Record<string, unknown>): Record<string, unknown>;
  orgVersion(id: string): Promise<number>;
  /** A new session of a role's user (for operations that end the session they are called with). */
  freshToken(role: Role): Promise<string | undefined>;
  /** A user nobody else uses (for operations that end all of a user's sessions). */
  freshUserId(): Promise<string>;
}

interface Call {
  path?: Record<string, string>;
  query?: Record<string, string>;
  json?: unknown;
  multipart?: { fields: Record<string, string>; file: { field: string; name: string; content: Buffer } };
  /** Another access token of the role's user, instead of the role's own. */
  bearer?: string;
}

interface Case {
  /** How to call it; invoked once per role, so it may create fresh rows. */
  call: (fx: Fixtures, role: Role) => Call | Promise<Call>;
  /** The status once the access rule lets the caller through. */
  ok: number;
  /** User B on organization A's data (default: ok). */
  otherOrg?: number;
  /** Administrators on a user endpoint (default: ok). */
  admin?: number;
  /** A member of organization A filtered out of the fixture call: required on every user route. */
  filtered?: number;
}

const id = (fx: Fixtures) => ({ id: fx.none });

/** How to call each operation, by operationId. Keep it sorted by group. */
const CASES: Record<string, Case> = {
  // Call
  closeCallSubmission: {
    call: async (fx) => ({ query: { callSubmissionId: await fx.freshSubmissionA() } }),
    ok: 200,
    otherOrg: 404,
    filtered: 200,
  },
  createCall: { call: () => ({ json: {} }), ok: 400 },
  createCallType: { call: () => ({ json: {} }), ok: 400 },
  deleteCall: { call: (fx) => ({ query: id(fx) }), ok: 404 },
  getCallById: { call: (fx) => ({ query: { id: fx.callId } }), ok: 200, filtered: 404 },
  getCallByIdAdmin: { call: (fx) => ({ query: { id: fx.callId } }), ok: 200 },
  getCallList: { call: () => ({}), ok: 200 },
  getCallListUser: { call: () => ({}), ok: 200, filtered: 200 },
  getCallType: { call: (fx) => ({ query: { id: fx.callTypeId } }), ok: 200 },
  getCallTypes: { call: () => ({}), ok: 200 },
  getStepResult: {
    call: (fx) => ({ query: { submissionId: fx.submissionA, stepId: fx.surveyStepId } }),
    ok: 200,
    otherOrg: 404,
    filtered: 404,
  },
  getStepResultByCall: { call: (fx) => ({ query: { callId: fx.callId } }), ok: 200, filtered: 404 },
  getSubmissionById: { call: (fx) => ({ query: { submissionId: fx.submissionA } }), ok: 200, otherOrg: 404, filtered: 404 },
  getSubmissionByIdAdmin: { call: (fx) => ({ query: { submissionId: fx.submissionA } }), ok: 200 },
  getSubmissions: { call: () => ({}), ok: 200 },
  // Documents: A's open submission of a call without enableUserDownloadPdf (applicants 409, administrators get it)
  getAllAnswerForPdf: { call: (fx) => ({ query: { callId: fx.callId, subId: fx.submissionA } }), ok: 200, otherOrg: 404, filtered: 404 },
  getSubmissionPdf: { call: (fx) => ({ query: { submissionId: fx.submissionA } }), ok: 409, otherOrg: 404, admin: 200, filtered: 404 },
  updateCall: { call: () => ({ json: {} }), ok: 400 },
  upsertCallStepResult: {
    call: async (fx) => ({
      json: {
        callSubmissionId: fx.submissionA,
        stepId: fx.surveyStepId,
        content: { mission: 'Matrix' },
        version: await fx.stepResultVersion(),
      },
    }),
    ok: 200,
    otherOrg: 404,
    filtered: 404,
  },
  upsertCallSubmission: { call: (fx) => ({ json: { callId: fx.callId } }), ok: 200, filtered: 404 },
  upsertCallType: { call: () => ({ json: {} }), ok: 400 },
  // CallSubmission
  addCustomFile: { call: () => ({ json: {} }), ok: 400 },
  deleteSubmission: { call: (fx) => ({ query: { submissionId: fx.none } }), ok: 404 },
  reOpenSubmission: { call: (fx) => ({ query: { submissionId: fx.none } }), ok: 404 },
  // Config
  activateConfig: { call: (fx) => ({ query: id(fx) }), ok: 404 },
  deleteConfig: { call: (fx) => ({ query: id(fx) }), ok: 404 },
  getConfig: { call: () => ({}), ok: 200 },
  getConfigList: { call: () => ({}), ok: 200 },
  upsertConfig: { call: () => ({ json: {} }), ok: 400 },
  // FileUpload
  deleteAttachment: {
    call: async (fx) => ({ query: { attachmentId: (await fx.freshAttachmentA()).id } }),
    ok: 204,
    otherOrg: 404,
    admin: 404,
    filtered: 204,
  },
  getAttachmentTypes: { call: () => ({}), ok: 200, filtered: 200 },
  getAttachments: { call: (fx) => ({ query: { submissionId: fx.submissionA } }), ok: 200, otherOrg: 404, filtered: 404 },
  getFile: { call: (fx) => ({ query: { downloadId: fx.downloadIdA } }), ok: 200, otherOrg: 404, filtered: 404 },
  uploadFile: { call: async (fx) => fx.uploadTo(await fx.freshFillSubmissionA()), ok: 200, otherOrg: 404, admin: 400, filtered: 200 },
  // ImpactFramework, Indicator, Outcome
  addImpactFrameworkSet: { call: () => ({ json: {} }), ok: 400 },
  deleteImpactFrameworkSet: { call: (fx) => ({ query: { ImpactFrameworkId: fx.none } }), ok: 404 },
  getImpactFrameworkById: { call: (fx) => ({ query: { ImpactFrameworkId: fx.none } }), ok: 404, filtered: 404 },
  getImpactFrameworkSetList: { call: () => ({}), ok: 200 },
  getSdg: { call: () => ({ query: { lang: 'en' } }), ok: 200, filtered: 200 },
  getStakeholderType: { call: (fx) => ({ query: { ifSetId: fx.none } }), ok: 404, filtered: 404 },
  getIndicatorType: { call: () => ({ json: [] }), ok: 200, filtered: 200 },
  getOutcomeType: { call: (fx) => ({ query: { ifSetId: fx.none }, json: [1] }), ok: 404, filtered: 404 },
  // miniDyi on a step that is not one: through the door, refused with components.mini-dyi.error-not-minidyi (minidyi.spec.ts covers the rest)
  getMiniDyi: {
    call: (fx) => ({ query: { submissionId: fx.submissionA, stepId: fx.surveyStepId } }),
    ok: 400,
    otherOrg: 404,
    filtered: 404,
  },
  putMiniDyi: {
    call: (fx) => ({ json: { callSubmissionId: fx.submissionA, stepId: fx.surveyStepId, budget: 1 } }),
    ok: 400,
    otherOrg: 404,
    filtered: 404,
  },
  // Jwt
  getLoginConfig: { call: () => ({}), ok: 200 },
  refreshToken: { call: () => ({ json: { refresh_token: 'not-a-token' } }), ok: 401 },
  // Signing out ends the session it is called with: each role signs out a session of its own made for it.
  logout: { call: async (fx, role) => ({ bearer: await fx.freshToken(role) }), ok: 200, filtered: 200 },
  tokenExchange: {
    call: () => ({ json: { code: 'invented', redirectUri: 'http://127.0.0.1:3000/login-callback', codeVerifier: 'v'.repeat(43) } }),
    ok: 400,
  },
  // Organization
  createOrganization: { call: (fx) => ({ json: fx.organizationBody() }), ok: 200, filtered: 200 },
  deleteOrganization: {
    call: async (fx) => ({ query: { orgId: await fx.freshOrgA() } }),
    ok: 200,
    otherOrg: 404,
    admin: 404,
    filtered: 404,
  },
  getOrganizationById: { call: (fx) => ({ query: { orgId: fx.orgA } }), ok: 200, otherOrg: 404, admin: 404, filtered: 200 },
  getOrganizations: { call: () => ({}), ok: 200, filtered: 200 },
  updateOrganization: {
    call: async (fx) => ({ json: { ...fx.organizationBody(), id: fx.orgA, version: await fx.orgVersion(fx.orgA) } }),
    ok: 200,
    otherOrg: 404,
    admin: 404,
    filtered: 200,
  },
  // Organization teams: A's owners (userA, userFiltered) manage A's team; B and administrators are no members of A (404)
  listOrganizationMembers: { call: (fx) => ({ path: { organizationId: fx.orgA } }), ok: 200, otherOrg: 404, admin: 404, filtered: 200 },
  changeOrganizationMemberRole: {
    call: (fx) => ({ path: { organizationId: fx.orgA, userId: fx.users.userA.id }, json: { role: 'owner' } }),
    ok: 200,
    otherOrg: 404,
    admin: 404,
    filtered: 200,
  },
  // userA leaving a fresh organization of theirs: its last owner (409); nobody else belongs to it.
  removeOrganizationMember: {
    call: async (fx) => ({ path: { organizationId: await fx.freshOrgA(), userId: fx.users.userA.id } }),
    ok: 409,
    otherOrg: 404,
    admin: 404,
    filtered: 404,
  },
  listOrganizationInvitations: { call: (fx) => ({ path: { organizationId: fx.orgA } }), ok: 200, otherOrg: 404, admin: 404, filtered: 200 },
  inviteOrganizationMember: {
    call: (fx) => ({ path: { organizationId: fx.orgA }, json: { email: `matrix-${randomUUID()}@applicant.test`, role: 'viewer' } }),
    ok: 201,
    otherOrg: 404,
    admin: 404,
    filtered: 201,
  },
  resendOrganizationInvitation: {
    call: (fx) => ({ path: { organizationId: fx.orgA, invitationId: fx.none } }),
    ok: 404,
    otherOrg: 404,
    admin: 404,
    filtered: 404,
  },
  revokeOrganizationInvitation: {
    call: (fx) => ({ path: { organizationId: fx.orgA, invitationId: fx.none } }),
    ok: 404,
    otherOrg: 404,
    admin: 404,
    filtered: 404,
  },
  // An unknown token: 404 to everyone signed in (teams.spec.ts follows an invitation through).
  getInvitation: { call: () => ({ path: { token: 'A'.repeat(43) } }), ok: 404, filtered: 404 },
  acceptInvitation: { call: () => ({ path: { token: 'A'.repeat(43) } }), ok: 404, filtered: 404 },
  // SJSurvey
  createSurveyType: { call: () => ({ json: {} }), ok: 400 },
  // Step
  createStepType: { call: () => ({ json: {} }), ok: 400 },
  getStepById: { call: (fx) => ({ query: { id: fx.stepId } }), ok: 200, filtered: 404 },
  getStepTypes: { call: () => ({}), ok: 200, filtered: 200 },
  getSteps: { call: (fx) => ({ query: { callTypeId: fx.callTypeId } }), ok: 200, filtered: 404 },
  // User
  getCurrentUser: { call: () => ({}), ok: 200, filtered: 200 },
  getMySessions: { call: () => ({}), ok: 200, filtered: 200 },
  endMySession: { call: (fx) => ({ path: id(fx) }), ok: 404, filtered: 404 },
  endAllMySessions: { call: () => ({ json: { keepCurrent: true } }), ok: 200, filtered: 200 },
  // Console resources
  adminListCallTypes: { call: () => ({}), ok: 200 },
  adminCreateCallType: { call: () => ({ json: {} }), ok: 400 },
  adminDeleteCallType: { call: (fx) => ({ path: id(fx) }), ok: 404 },
  adminGetCallType: { call: (fx) => ({ path: { id: fx.callTypeId } }), ok: 200 },
  adminUpdateCallType: { call: (fx) => ({ path: id(fx), json: {} }), ok: 400 },
  adminListCalls: { call: () => ({}), ok: 200 },
  adminCreateCall: { call: () => ({ json: {} }), ok: 400 },
  adminDeleteCall: { call: (fx) => ({ path: id(fx) }), ok: 404 },
  adminGetCall: { call: (fx) => ({ path: { id: fx.callId } }), ok: 200 },
  adminUpdateCall: { call: (fx) => ({ path: id(fx), json: {} }), ok: 400 },
  adminListConfigurations: { call: () => ({}), ok: 200 },
  adminCreateConfiguration: { call: () => ({ json: {} }), ok: 400 },
  adminDeleteConfiguration: { call: (fx) => ({ path: id(fx) }), ok: 404 },
  adminGetConfiguration: { call: (fx) => ({ path: id(fx) }), ok: 404 },
  adminUpdateConfiguration: { call: (fx) => ({ path: id(fx), json: {} }), ok: 400 },
  adminActivateConfiguration: { call: (fx) => ({ path: id(fx) }), ok: 404 },
  adminListFiles: { call: () => ({}), ok: 200 },
  adminDeleteFile: { call: (fx) => ({ path: id(fx) }), ok: 404 },
  adminGetFile: { call: (fx) => ({ path: id(fx) }), ok: 404 },
  adminListOrganizations: { call: () => ({}), ok: 200 },
  adminGetOrganization: { call: (fx) => ({ path: { id: fx.orgA } }), ok: 200 },
  adminListSurveys: { call: () => ({}), ok: 200 },
  adminCreateSurvey: { call: () => ({ json: {} }), ok: 400 },
  adminDeleteSurvey: { call: (fx) => ({ path: id(fx) }), ok: 404 },
  adminGetSurvey: { call: (fx) => ({ path: id(fx) }), ok: 404 },
  adminUpdateSurvey: { call: (fx) => ({ path: id(fx), json: {} }), ok: 400 },
  adminListSubmissions: { call: () => ({}), ok: 200 },
  adminDashboardCounts: { call: () => ({}), ok: 200 },
  adminPortfolioDashboard: { call: () => ({}), ok: 200 },
  adminReportSurveySteps: { call: (fx) => ({ path: { callId: fx.callId } }), ok: 200 },
  adminSurveyReport: { call: (fx) => ({ path: { callId: fx.callId, stepId: fx.none } }), ok: 404 },
  adminSurveyReportAnswers: { call: (fx) => ({ path: { callId: fx.callId, stepId: fx.none } }), ok: 404 },
  adminSurveyReportXlsx: { call: (fx) => ({ path: { callId: fx.callId, stepId: fx.none } }), ok: 404 },
  adminConsoleSettings: { call: () => ({}), ok: 200 },
  adminDeleteSubmission: { call: (fx) => ({ path: id(fx) }), ok: 404 },
  adminGetSubmission: { call: (fx) => ({ path: { id: fx.submissionA } }), ok: 200 },
  adminCloseSubmission: { call: (fx) => ({ path: id(fx) }), ok: 404 },
  adminReopenSubmission: { call: (fx) => ({ path: id(fx) }), ok: 404 },
  adminSubmissionPdf: { call: (fx) => ({ path: id(fx) }), ok: 404 },
  adminSubmissionDossier: { call: (fx) => ({ path: id(fx) }), ok: 404 },
  adminExportSubmissionsXlsx: { call: (fx) => ({ query: { filter: JSON.stringify({ callId: fx.none }) } }), ok: 200 },
  adminExportSubmissionPdfs: { call: (fx) => ({ query: { filter: JSON.stringify({ callId: fx.none }) } }), ok: 200 },
  adminExportSubmissionDossiers: { call: (fx) => ({ query: { filter: JSON.stringify({ callId: fx.none }) } }), ok: 200 },
  // Messages
  sendEmail: { call: () => ({ json: { subject: 'x', body: '<p>x</p>' } }), ok: 400 },
  previewEmail: { call: () => ({ json: { addresses: ['matrix@x.test'], subject: 'x', body: '<p>x</p>' } }), ok: 200 },
  setUserLanguage: { call: () => ({ json: { language: 'en' } }), ok: 204, filtered: 204 },
  adminListMessages: { call: () => ({}), ok: 200 },
  adminGetMessage: { call: (fx) => ({ path: id(fx) }), ok: 404 },
  adminResendMessage: { call: (fx) => ({ path: id(fx) }), ok: 404 },
  adminListMessageTemplates: { call: () => ({}), ok: 200 },
  adminGetMessageTemplate: { call: () => ({ path: { id: 'deadline-reminder.fr' } }), ok: 200 },
  adminSaveMessageTemplate: { call: () => ({ path: { id: 'deadline-reminder.fr' }, json: {} }), ok: 400 },
  adminResetMessageTemplate: { call: () => ({ path: { id: 'deadline-reminder.fr' } }), ok: 200 },
  adminPreviewMessageTemplate: { call: () => ({ json: {} }), ok: 400 },
  adminGetCallMessageSettings: { call: (fx) => ({ path: { id: fx.callId } }), ok: 200 },
  adminSaveCallMessageSettings: { call: (fx) => ({ path: { id: fx.callId }, json: { reminderDays: 7 } }), ok: 200 },
  adminListImpactFrameworks: { call: () => ({}), ok: 200 },
  adminImpactFrameworkExample: { call: () => ({}), ok: 200 },
  adminImpactFrameworkTemplate: { call: () => ({}), ok: 200 },
  adminImportImpactFramework: {
    call: () => ({
      multipart: {
        fields: { name: 'Matrix', description: 'Not a workbook' },
        file: { field: 'file', name: 'framework.xlsx', content: Buffer.from('not a zip') },
      },
    }),
    ok: 400,
  },
  adminDeleteImpactFramework: { call: (fx) => ({ path: id(fx) }), ok: 404 },
  adminGetImpactFramework: { call: (fx) => ({ path: id(fx) }), ok: 404 },
  adminListUsers: { call: () => ({}), ok: 200 },
  adminGetUser: { call: (fx) => ({ path: { id: fx.users.userA.id } }), ok: 200 },
  adminEndUserSession: { call: (fx) => ({ path: { id: fx.users.userA.id, sessionId: fx.none } }), ok: 404 },
  adminEndUserSessions: { call: async (fx) => ({ path: { id: await fx.freshUserId() } }), ok: 200 },
  // Audit trail: read only (audit.spec.ts tries PUT and DELETE)
  adminListAudit: { call: () => ({}), ok: 200 },
  adminGetAudit: { call: (fx) => ({ path: { id: fx.none } }), ok: 404 },
  adminExportAudit: { call: (fx) => ({ query: { filter: JSON.stringify({ entityId: fx.none }) } }), ok: 200 },
  // Reports (Power BI): off in this app (no settings); ids nothing names answer 404 before that
  powerBiAvailable: { call: () => ({}), ok: 200, filtered: 200 },
  getPbiToken: { call: () => ({ query: { workspaceId: 'w', reportId: 'r' } }), ok: 404 },
  getPbiTokenRls: {
    call: (fx) => ({ query: { workspaceId: 'w', reportId: 'r', orgId: fx.orgA } }),
    ok: 404,
    otherOrg: 403,
    admin: 403,
    filtered: 404,
  },
  adminListPbiReports: { call: () => ({}), ok: 200 },
  // Review, administrators: the fixture call; bodies left empty answer 400 before anything is read
  adminGetReviewSetup: { call: (fx) => ({ path: { callId: fx.callId } }), ok: 200 },
  adminSaveReviewSettings: { call: (fx) => ({ path: { callId: fx.callId }, json: {} }), ok: 400 },
  adminSaveReviewPhases: { call: (fx) => ({ path: { callId: fx.callId }, json: {} }), ok: 400 },
  adminSaveReviewRubric: { call: (fx) => ({ path: { callId: fx.callId }, json: {} }), ok: 400 },
  adminListReviewers: { call: (fx) => ({ path: { callId: fx.callId } }), ok: 200 },
  adminListReviewerCandidates: { call: (fx) => ({ path: { callId: fx.callId } }), ok: 200 },
  adminAddReviewers: { call: (fx) => ({ path: { callId: fx.callId }, json: {} }), ok: 400 },
  adminRemoveReviewer: { call: (fx) => ({ path: { callId: fx.callId, reviewerId: fx.none } }), ok: 404 },
  adminAssignReviewers: { call: (fx) => ({ path: { callId: fx.callId }, json: {} }), ok: 400 },
  adminAssignAutomatically: { call: (fx) => ({ path: { callId: fx.none } }), ok: 404 },
  adminUnassignReviewer: { call: (fx) => ({ path: { reviewId: fx.none } }), ok: 404 },
  adminListReviewApplications: { call: (fx) => ({ path: { callId: fx.callId } }), ok: 200 },
  // The fixture submission is not submitted: no review to show.
  adminGetReviewApplication: { call: (fx) => ({ path: { submissionId: fx.submissionA } }), ok: 404 },
  adminSetDecisions: { call: (fx) => ({ path: { callId: fx.callId }, json: {} }), ok: 400 },
  adminReleaseDecisions: { call: (fx) => ({ path: { callId: fx.callId }, json: {} }), ok: 400 },
  // Review, reviewers: nobody of the matrix reviews the fixture call (reviews.spec.ts tries reviewers across the line)
  listMyReviewCalls: { call: () => ({}), ok: 200, filtered: 200 },
  listMyAssignments: { call: (fx) => ({ path: { callId: fx.callId } }), ok: 404, filtered: 404 },
  nextAssignment: { call: (fx) => ({ path: { callId: fx.callId } }), ok: 404, filtered: 404 },
  getMyAssignment: { call: (fx) => ({ path: { id: fx.none } }), ok: 404, filtered: 404 },
  saveMyReview: { call: (fx) => ({ path: { id: fx.none }, json: {} }), ok: 400, filtered: 400 },
  submitMyReview: { call: (fx) => ({ path: { id: fx.none }, json: { version: 0 } }), ok: 404, filtered: 404 },
  declareConflict: { call: (fx) => ({ path: { id: fx.none }, json: { reason: 'x' } }), ok: 404, filtered: 404 },
  getReviewFile: { call: (fx) => ({ path: { id: fx.none, attachmentId: fx.none } }), ok: 404, filtered: 404 },
  // Presence (a stream of a readable application answers 200 and never ends: the matrix asks of a missing one)
  presenceStream: { call: (fx) => ({ path: { submissionId: fx.none } }), ok: 404, filtered: 404 },
  presenceStep: { call: (fx) => ({ path: { submissionId: fx.none }, json: { connectionId: fx.none, step: 'x' } }), ok: 404, filtered: 404 },
  // Privacy: the user's own consents and data; an organization's export is its owners' (userFiltered owns A too)
  listMyConsents: { call: () => ({}), ok: 200, filtered: 200 },
  getPendingConsents: { call: () => ({}), ok: 200, filtered: 200 },
  recordConsent: { call: () => ({ json: {} }), ok: 400, filtered: 400 },
  getConsentText: { call: () => ({ path: { version: 'a'.repeat(64) } }), ok: 404, filtered: 404 },
  exportMyData: { call: () => ({}), ok: 200, filtered: 200 },
  exportOrganizationData: { call: (fx) => ({ path: { organizationId: fx.orgA } }), ok: 200, otherOrg: 404, admin: 404, filtered: 200 },
  // Health
  health: { call: () => ({}), ok: 200 },
  healthLive: { call: () => ({}), ok: 200 },
  healthReady: { call: () => ({}), ok: 200 },
  // The matrix calls from loopback, METRICS_NETWORKS' default: every caller is the scraper (no user
  // identity counts there); operations.spec.ts proves the refusals.
  metrics: { call: () => ({}), ok: 200 },
};

/** The status a role must get, from the access rule first and the case second. */
export function expectedStatus(access: AccessRule, c: Case, role: Role): number {
  if (access.public || access.metrics) return c.ok;
  if (role === 'anonymous') return 401;
  // Acting for an archived organization: refused at the door, whatever the route.
  if (role === 'userArchived') return 403;
  if (access.admin || access.customize) {
    if (role === 'userA' || role === 'userB' || role === 'userFiltered') return 403;
    if (access.customize && role === 'adminOutside') return 403;
    return c.ok;
  }
  if (role === 'admin' || role === 'adminOutside') return access.organization === 'required' ? 400 : (c.admin ?? c.ok);
  if (role === 'userB') return c.otherOrg ?? c.ok;
  if (role === 'userFiltered') {
    // -1: the case states no `filtered` status (every user route must).
    if (c.filtered === undefined) return -1;
    return c.filtered;
  }
  return c.ok;
}

function operations(): Operation[] {
  const spec = JSON.parse(readFileSync(join(import.meta.dirname, '../../openapi/openapi.json'), 'utf8')) as {
    paths: Record<string, Record<string, { operationId: string; 'x-access'?: AccessRule }>>;
  };
  const ops: Operation[] = [];
  for (const [path, methods] of Object.entries(spec.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      if (!op['x-access']) throw new Error(`${method.toUpperCase()} ${path} has no x-access rule`);
      ops.push({ method, path, operationId: op.operationId, access: op['x-access'] });
    }
  }
  return ops.sort((a, b) => a.operationId.localeCompare(b.operationId));
}

const OPERATIONS = operations();

let t: TestApp;
let fx: Fixtures;

beforeAll(async () => {
  t = await createTestApp();
  const f = t.factory;
  const users = {
    userA: await f.user(),
    userB: await f.user(),
    admin: await f.user({ admin: true }),
    adminOutside: await f.user({ admin: true, email: `${f.unique('boss')}@elsewhere.test` }),
  };
  const orgA = (await f.organization(users.userA)).id;
  const orgB = (await f.organization(users.userB)).id;
  // A member of A the fixture call's e-mail filter leaves out, and a member of an archived organization.
  const userFiltered = await f.user();
  await t.db.query(`INSERT INTO organization_member (organization_id, user_id, role) VALUES ($1, $2, 'owner')`, [orgA, userFiltered.id]);
  const userArchived = await f.user();
  const orgArchived = (await f.organization(userArchived)).id;
  await t.db.query('UPDATE organization SET archived_at = now() WHERE id = $1', [orgArchived]);
  const call = await f.fillCall({
    isUserFilterEnable: true,
    userFilterEmail: [users.userA, users.userB, users.admin, users.adminOutside].map((u) => u.email).join(', '),
  });
  type StepRef = { id: string; stepTypeName?: string };
  const stepOf = (c: { callType: { steps: StepRef[] } }, kind: string) => c.callType.steps.find((x) => x.stepTypeName === kind)!.id;
  const uploadStepId = stepOf(call, 'upload');
  const surveyStepId = stepOf(call, 'survey');
  const uploadTo = (target: { submissionId: string; uploadStepId: string }): Call => ({
    multipart: {
      fields: { CallSubmissionId: target.submissionId, StepId: target.uploadStepId, SlotIndex: '0' },
      file: { field: 'File', name: 'plan.pdf', content: testFiles.pdf(600) },
    },
  });
  const asA = users.userA.headers(orgA);
  const uploadAsA = async (target: { submissionId: string; uploadStepId: string }) => {
    const res = await send(
      { method: 'post', path: '/api/FileUpload/UploadFile', operationId: 'uploadFile', access: {} },
      uploadTo(target),
      asA,
    );
    if (res.status !== 200) throw new Error(`fixture upload: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body as { id: string; fileDownloadId: string };
  };
  const freshFillSubmissionA = async () => {
    const fill = await f.fillCall();
    return { submissionId: (await f.submission(fill.id, users.userA, orgA)).id, uploadStepId: stepOf(fill, 'upload') };
  };
  const submissionA = (await f.submission(call.id, users.userA, orgA)).id;
  const fileA = await uploadAsA({ submissionId: submissionA, uploadStepId });
  await t.http
    .post('/api/Call/UpsertCallStepResult')
    .set(asA)
    .send({ callSubmissionId: submissionA, stepId: surveyStepId, content: { mission: 'Ours' } })
    .expect(200);
  fx = {
    users: { ...users, userFiltered, userArchived },
    orgA,
    orgB,
    orgArchived,
    callId: call.id,
    callTypeId: call.callType.id,
    stepId: call.callType.steps[0].id,
    uploadStepId,
    surveyStepId,
    submissionA,
    downloadIdA: fileA.fileDownloadId,
    none: randomUUID(),
    freshOrgA: async () => (await f.organization(users.userA)).id,
    freshSubmissionA: async () => (await f.submission((await f.call()).id, users.userA, orgA)).id,
    freshFillSubmissionA,
    freshAttachmentA: async () => {
      const target = await freshFillSubmissionA();
      return { id: (await uploadAsA(target)).id, submissionId: target.submissionId };
    },
    uploadTo,
    stepResultVersion: async () =>
      (await t.http.get('/api/Call/GetStepResult').query({ submissionId: submissionA, stepId: surveyStepId }).set(asA).expect(200)).body
        .version as number,
    organizationBody: (o = {}) => ({
      name: f.unique('Matrix org'),
      reg_number: 'IT00000000000',
      street_name: 'Via Roma 1',
      city_name: 'Roma',
      country: 'Italia',
      contact_name: 'Ada',
      contact_surname: 'Lovelace',
      contact_role: 'Director',
      contact_email: 'ada@applicant.test',
      personalData: true,
      ...o,
    }),
    freshToken: async (role) => {
      if (role === 'anonymous') return undefined;
      const { SessionService } = await import('../src/modules/auth/sessions/session.service.js');
      return (await t.app.get(SessionService).start(fx.users[role].id, { userAgent: 'matrix', ip: null })).token;
    },
    freshUserId: async () => (await f.user()).id,
    orgVersion: async (orgId) =>
      Number(((await t.db.query('SELECT version FROM organization WHERE id = $1', [orgId])) as { version: number }[])[0].version),
  };
});
afterAll(() => t.close());

/** Each role acts for its own organization; administrators for none. */
function headersFor(role: Role): Record<string, string> {
  if (role === 'anonymous') return {};
  if (role === 'userA') return fx.users.userA.headers(fx.orgA);
  if (role === 'userB') return fx.users.userB.headers(fx.orgB);
  if (role === 'userFiltered') return fx.users.userFiltered.headers(fx.orgA);
  if (role === 'userArchived') return fx.users.userArchived.headers(fx.orgArchived);
  return fx.users[role].headers();
}

function send(op: Operation, call: Call, headers: Record<string, string>): Test {
  const path = op.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = call.path?.[name];
    if (value === undefined) throw new Error(`${op.operationId}: no value for path parameter ${name}`);
    return encodeURIComponent(value);
  });
  let req = (t.http as unknown as Record<string, (p: string) => Test>)[op.method](path).set(headers);
  if (call.query) req = req.query(call.query);
  if (call.multipart) {
    for (const [k, v] of Object.entries(call.multipart.fields)) req = req.field(k, v);
    return req.attach(call.multipart.file.field, call.multipart.file.content, call.multipart.file.name);
  }
  if (call.json !== undefined) return req.send(call.json as object);
  return req;
}

describe('authorization matrix over openapi/openapi.json', () => {
  it('has a case for every operation, and no case for an operation that is gone', () => {
    const known = new Set(OPERATIONS.map((o) => o.operationId));
    expect(
      OPERATIONS.filter((o) => !CASES[o.operationId]).map((o) => `${o.operationId} (${o.method.toUpperCase()} ${o.path}): add it to CASES`),
    ).toEqual([]);
    expect(Object.keys(CASES).filter((k) => !known.has(k))).toEqual([]);
  });

  it.each(OPERATIONS.map((o) => [`${o.method.toUpperCase()} ${o.path}`, o] as const))('%s', async (_name, op) => {
    const c = CASES[op.operationId];
    if (!c) throw new Error(`No case for ${op.operationId}: add one to CASES in access-matrix.spec.ts`);
    const got: Record<string, number> = {};
    const want: Record<string, number> = {};
    for (const role of ROLES) {
      const call = await c.call(fx, role);
      const headers = headersFor(role);
      if (call.bearer) headers.Authorization = `Bearer ${call.bearer}`;
      const res = await send(op, call, headers);
      got[role] = res.status;
      want[role] = expectedStatus(op.access, c, role);
      if (res.status === 401) expect(res.body.key).toMatch(/^errors\.(unauthorized|invalid-token)$/);
      // organization-forbidden: an organization named in the query the user does not belong to (GetPBITokenRls).
      if (res.status === 403 && !op.access.public && !op.access.metrics)
        expect(res.body.key).toMatch(
          role === 'userArchived' && !op.access.admin && !op.access.customize
            ? /^errors\.organization-forbidden$/
            : /^errors\.(admin-only|customize-only|organization-forbidden)$/,
        );
    }
    if (!op.access.public && !op.access.metrics) {
      // User B naming organization A in the header is refused before anything runs.
      const res = await send(op, await c.call(fx, 'userB'), fx.users.userB.headers(fx.orgA));
      got.userBWithHeaderA = res.status;
      want.userBWithHeaderA = op.access.admin || op.access.customize ? 403 : 403;
      expect(res.body.key).toBe(op.access.admin || op.access.customize ? 'errors.admin-only' : 'errors.organization-forbidden');
    }
    expect(got).toEqual(want);
  });
});

/**
 * The user's own permissions (issue 30): asked of the same policy as the records' (AccessPolicy.
 * requireGranted / granted), by the guard and by the services, per identity. 403 with its key
 * where a route refuses; a field or a list left empty where a route only shows less.
 */
describe("the user's own permissions, per identity", () => {
  const statusesOf = async (request: (role: Exclude<Role, 'anonymous'> | 'anonymous') => Promise<{ status: number; key?: string }>) => {
    const got: Record<string, string> = {};
    for (const role of ROLES) {
      const res = await request(role);
      got[role] = res.key ? `${res.status} ${res.key}` : String(res.status);
    }
    return got;
  };

  it('library.upload: a console file (no submission) is uploaded by administrators only (403 errors.admin-only)', async () => {
    const got = await statusesOf(async (role) => {
      const res = await t.http
        .post('/api/FileUpload/UploadFile')
        .set(headersFor(role))
        .field('Purpose', 'library')
        .attach('File', testFiles.png(300), 'logo.png');
      return { status: res.status, key: res.status === 403 ? (res.body as { key: string }).key : undefined };
    });
    expect(got).toEqual({
      anonymous: '401',
      userA: '403 errors.admin-only',
      userB: '403 errors.admin-only',
      userFiltered: '403 errors.admin-only',
      userArchived: '403 errors.organization-forbidden',
      admin: '200',
      adminOutside: '200',
    });
  });

  it('branding.customize: GET /User says canCustomize for administrators of the customize domain only', async () => {
    const got: Record<string, unknown> = {};
    for (const role of ROLES.filter((r) => r !== 'anonymous' && r !== 'userArchived')) {
      got[role] = (await t.http.get('/api/User').set(headersFor(role)).expect(200)).body.canCustomize;
    }
    expect(got).toEqual({ userA: false, userB: false, userFiltered: false, admin: true, adminOutside: false });
  });

  it('branding.customize compares the domain once, in any case (the guard and GET /User ask the same rule)', async () => {
    const { AccessPolicy } = await import('../src/common/access/access.policy.js');
    const { Permission } = await import('../src/common/access/permission.js');
    const policy = t.app.get(AccessPolicy);
    const as = (email: string, isAdmin: boolean) => ({ user: { id: fx.none, email, isAdmin } });
    expect(policy.granted(as('Boss@EXAMPLE.Org', true), Permission.BrandingCustomize)).toBe(true);
    expect(policy.granted(as('boss@example.org', false), Permission.BrandingCustomize)).toBe(false);
    expect(policy.granted(as('boss@notexample.org', true), Permission.BrandingCustomize)).toBe(false);
    const refusal = (auth: ReturnType<typeof as>) => {
      try {
        policy.requireGranted(auth, Permission.BrandingCustomize);
        return 'granted';
      } catch (e) {
        return `${(e as { getStatus(): number }).getStatus()} ${(e as { key: string }).key}`;
      }
    };
    expect(refusal(as('boss@example.org', false))).toBe('403 errors.admin-only');
    expect(refusal(as('Boss@Elsewhere.TEST', true))).toBe('403 errors.customize-only');
    expect(refusal(as('BOSS@example.ORG', true))).toBe('granted');
  });

  it('impactFramework.usage: which calls use a framework is shown to administrators only', async () => {
    const used = await t.factory.impactFramework();
    const call = await t.factory.call({ steps: [{ kind: 'miniDyi', name: 'Impact', content: { frameworkId: used.id } }] });
    const got: Record<string, unknown> = {};
    for (const role of ROLES.filter((r) => r !== 'anonymous' && r !== 'userArchived')) {
      const res = await t.http
        .get('/api/ImpactFramework/GetImpactFrameworkById')
        .query({ ImpactFrameworkId: used.id })
        .set(headersFor(role));
      got[role] = [res.status, (res.body as { usedBy?: { id: string }[] }).usedBy?.map((u) => u.id)];
    }
    expect(got).toEqual({
      userA: [200, []],
      userB: [200, []],
      userFiltered: [200, []],
      admin: [200, [call.id]],
      adminOutside: [200, [call.id]],
    });
  });
});
