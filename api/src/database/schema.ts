// Generated from the migrated schema by `node scripts/db-types.mjs` (kysely-codegen). Do not edit.

import type { ColumnType } from 'kysely';

export type Generated<T> =
  T extends ColumnType<infer S, infer I, infer U> ? ColumnType<S, I | undefined, U> : ColumnType<T, T | undefined, T>;

export type Int8 = ColumnType<string, bigint | number | string, bigint | number | string>;

export type Json = JsonValue;

export type JsonArray = JsonValue[];

export type JsonObject = {
  [x: string]: JsonValue | undefined;
};

export type JsonPrimitive = boolean | number | string | null;

export type JsonValue = JsonArray | JsonObject | JsonPrimitive;

export type Numeric = ColumnType<string, number | string, number | string>;

export type Timestamp = ColumnType<Date, Date | string, Date | string>;

export interface AppUser {
  createdAt: Generated<Timestamp>;
  email: string;
  emailFolded: Generated<string | null>;
  firstName: Generated<string>;
  id: Generated<string>;
  issuer: string;
  language: string | null;
  lastLoginAt: Timestamp | null;
  lastName: Generated<string>;
  roles: Generated<string[]>;
  subject: string;
  updatedAt: Generated<Timestamp>;
  version: Generated<number>;
}

export interface Attachment {
  attachmentTypeId: string;
  createdAt: Generated<Timestamp>;
  description: Generated<string>;
  dimensions: number;
  downloadId: string;
  fileName: string;
  id: Generated<string>;
  mimeType: string;
  organizationId: string | null;
  purpose: string;
  slotIndex: number | null;
  stepId: string | null;
  storageKey: string;
  submissionId: string | null;
  updatedAt: Generated<Timestamp>;
  uploadedById: string;
  version: Generated<number>;
}

export interface AttachmentType {
  code: string;
  createdAt: Generated<Timestamp>;
  id: Generated<string>;
  name: string;
  sort: Generated<number>;
  updatedAt: Generated<Timestamp>;
  version: Generated<number>;
}

export interface AuditEvent {
  action: string;
  actorEmail: string | null;
  actorId: string | null;
  actorRole: string;
  at: Generated<Timestamp>;
  diff: Json | null;
  entity: string;
  entityId: string | null;
  id: Generated<string>;
  ip: string | null;
  requestId: string | null;
  summary: Generated<string>;
}

export interface Call {
  callLockEnd: Timestamp | null;
  callTypeId: string;
  closingAt: Timestamp;
  createdAt: Generated<Timestamp>;
  customFileId: string | null;
  customFileName: string | null;
  description: Generated<string>;
  enableUserDownloadPdf: Generated<boolean>;
  id: Generated<string>;
  impactFrameworkId: string | null;
  isUserFilterEnable: Generated<boolean>;
  name: string;
  nameFolded: Generated<string | null>;
  openingAt: Timestamp;
  powerBiReportId: string | null;
  powerBiWorkspaceId: string | null;
  updatedAt: Generated<Timestamp>;
  userFilterEmail: Generated<string>;
  userPowerBiReportId: string | null;
  userPowerBiWorkspaceId: string | null;
  version: Generated<number>;
}

export interface CallMessageSettings {
  callId: string;
  id: Generated<string>;
  reminderDays: Generated<number>;
}

export interface CallReviewer {
  callId: string;
  createdAt: Generated<Timestamp>;
  email: string;
  id: Generated<string>;
  invitedAt: Timestamp | null;
  userId: string | null;
}

export interface CallSubmission {
  callId: string;
  closed: Generated<boolean>;
  closedAt: Timestamp | null;
  code: string;
  createdAt: Generated<Timestamp>;
  decision: string | null;
  decisionReleasedAt: Timestamp | null;
  id: Generated<string>;
  lastSubmittedAt: Timestamp | null;
  openedAt: Generated<Timestamp>;
  organizationId: string;
  organizationSnapshot: Json | null;
  quizScore: Numeric | null;
  sroiScore: Numeric | null;
  submittedAt: Timestamp | null;
  updatedAt: Generated<Timestamp>;
  userId: string;
  version: Generated<number>;
}

export interface CallType {
  createdAt: Generated<Timestamp>;
  description: Generated<string>;
  id: Generated<string>;
  name: string;
  updatedAt: Generated<Timestamp>;
  version: Generated<number>;
}

export interface Configuration {
  createdAt: Generated<Timestamp>;
  defaultLanguage: Generated<string>;
  description: Generated<string>;
  domain: Generated<string>;
  id: Generated<string>;
  isActive: Generated<boolean>;
  languageSelection: Generated<boolean>;
  logoBase64: string | null;
  logoHeight: Generated<number>;
  logoWidth: Generated<number>;
  name: string;
  organizationSelection: Generated<boolean>;
  reportPowerBiId: string | null;
  texts: Generated<Json>;
  updatedAt: Generated<Timestamp>;
  version: Generated<number>;
  workspacePowerBiId: string | null;
}

export interface ConsentRecord {
  givenAt: Generated<Timestamp>;
  id: Generated<string>;
  kind: string;
  organizationId: string | null;
  textVersion: string;
  userId: string;
  withdrawnAt: Timestamp | null;
}

export interface ConsentText {
  createdAt: Generated<Timestamp>;
  text: string;
  version: string;
}

export interface DataVersion {
  n: Generated<Int8>;
  scope: string;
  slot: Generated<string>;
}

export interface DevOidcRecord {
  expiresAt: Timestamp | null;
  grantId: string | null;
  id: string;
  model: string;
  payload: Json;
  uid: string | null;
  userCode: string | null;
}

export interface ImpactFramework {
  createdAt: Generated<Timestamp>;
  description: Generated<string>;
  id: Generated<string>;
  indicatorCount: Generated<number>;
  name: string;
  outcomeCount: Generated<number>;
  proxyCount: Generated<number>;
  sdgs: Generated<number[]>;
  stakeholderCount: Generated<number>;
  updatedAt: Generated<Timestamp>;
  version: Generated<number>;
}

export interface ImpactIndicator {
  description: Generated<string>;
  id: Generated<string>;
  name: string;
  outcomeId: string;
  sort: number;
}

export interface ImpactOutcome {
  description: Generated<string>;
  frameworkId: string;
  id: Generated<string>;
  name: string;
  sdg: number;
  sort: number;
}

export interface ImpactProxy {
  defaultValue: number;
  id: Generated<string>;
  indicatorId: string;
  name: string;
  sort: number;
  sourceName: Generated<string>;
  sourceUrl: Generated<string>;
}

export interface ImpactStakeholder {
  description: Generated<string>;
  frameworkId: string;
  id: Generated<string>;
  name: string;
  sort: number;
}

export interface Message {
  attachments: Json | null;
  attempts: Generated<number>;
  batchId: string | null;
  callId: string | null;
  ccAddress: string | null;
  createdAt: Generated<Timestamp>;
  dedupeKey: string | null;
  enqueuedAt: Timestamp | null;
  html: string | null;
  id: Generated<string>;
  jobId: string | null;
  kind: string;
  language: string | null;
  lastError: string | null;
  leaseUntil: Timestamp | null;
  organizationId: string | null;
  params: Json | null;
  sentAt: Timestamp | null;
  state: Generated<string>;
  subject: string | null;
  submissionId: string | null;
  text: string | null;
  toAddress: string | null;
  transport: string | null;
  updatedAt: Generated<Timestamp>;
  userId: string | null;
}

export interface MessageBatch {
  audience: Json;
  callId: string | null;
  createdAt: Generated<Timestamp>;
  createdById: string | null;
  html: string;
  id: Generated<string>;
  recipientCount: number;
  subject: string;
}

export interface MessageTemplate {
  callId: string | null;
  html: string;
  id: Generated<string>;
  kind: string;
  language: string;
  subject: string;
  updatedAt: Generated<Timestamp>;
  updatedById: string | null;
}

export interface Organization {
  archivedAt: Timestamp | null;
  chnageInLife: Generated<boolean>;
  cityName: string;
  contactEmail: string;
  contactName: string;
  contactRole: string;
  contactSurname: string;
  country: string;
  createdAt: Generated<Timestamp>;
  createdById: string | null;
  dateOfFoundation: Timestamp | null;
  id: Generated<string>;
  name: string;
  nameFolded: Generated<string | null>;
  nordicCountry: Generated<boolean>;
  personalData: Generated<boolean>;
  preFunding: Generated<boolean>;
  regNumber: string;
  selfCertification: Generated<boolean>;
  streetName: string;
  termsOfService: Generated<boolean>;
  updatedAt: Generated<Timestamp>;
  version: Generated<number>;
}

export interface OrganizationInvitation {
  acceptedAt: Timestamp | null;
  acceptedById: string | null;
  createdAt: Generated<Timestamp>;
  email: string;
  expiresAt: Timestamp;
  id: Generated<string>;
  invitedById: string | null;
  language: string;
  organizationId: string;
  revokedAt: Timestamp | null;
  role: string;
  tokenHash: string;
}

export interface OrganizationMember {
  createdAt: Generated<Timestamp>;
  organizationId: string;
  role: Generated<string>;
  userId: string;
}

export interface RateLimitCounter {
  bucket: string;
  hits: Generated<number>;
  windowStart: Timestamp;
}

export interface Review {
  abstained: Generated<boolean>;
  abstainReason: Generated<string>;
  assignedAt: Generated<Timestamp>;
  assignedById: string | null;
  callId: string;
  commentApplicant: Generated<string>;
  commentPanel: Generated<string>;
  id: Generated<string>;
  recommendation: string | null;
  reviewerId: string;
  savedAt: Timestamp | null;
  score: number | null;
  scores: Generated<Json>;
  source: string;
  submissionId: string;
  submittedAt: Timestamp | null;
  version: Generated<number>;
}

export interface ReviewConflict {
  callId: string;
  declaredAt: Generated<Timestamp>;
  id: Generated<string>;
  reason: Generated<string>;
  reviewerId: string;
  submissionId: string;
}

export interface ReviewCriterion {
  callId: string;
  guidance: Generated<Json>;
  id: Generated<string>;
  maxScore: number;
  minScore: number;
  name: string;
  position: number;
  required: Generated<boolean>;
  retiredAt: Timestamp | null;
  step: number;
  weight: number;
}

export interface ReviewDecision {
  callId: string;
  decidedAt: Generated<Timestamp>;
  decidedById: string | null;
  decision: string;
  releasedAt: Timestamp | null;
  submissionId: string;
}

export interface ReviewEvent {
  actorId: string | null;
  at: Generated<Timestamp>;
  callId: string;
  details: Json | null;
  id: Generated<string>;
  kind: string;
  reviewerId: string | null;
  submissionId: string;
}

export interface ReviewPhase {
  blind: Generated<boolean>;
  callId: string;
  endsAt: Timestamp;
  id: Generated<string>;
  mayDecide: Generated<boolean>;
  mayScore: Generated<boolean>;
  name: string;
  seeOthers: Generated<string>;
  startsAt: Timestamp;
}

export interface ReviewSettings {
  aggregate: Generated<string>;
  callId: string;
  disagreementThreshold: Generated<number>;
  reviewsPerApplication: Generated<number>;
  updatedAt: Generated<Timestamp>;
}

export interface ReviewSummary {
  callId: string;
  mean: number | null;
  median: number | null;
  reviewsAssigned: Generated<number>;
  reviewsDone: Generated<number>;
  spread: number | null;
  submissionId: string;
}

export interface Sdg {
  code: number;
  colour: string;
  descriptionEn: string;
  descriptionFr: string;
  descriptionIt: string;
  keywords: Generated<string>;
  nameEn: string;
  nameFr: string;
  nameIt: string;
  url: string;
}

export interface Step {
  callTypeId: string;
  content: Json | null;
  createdAt: Generated<Timestamp>;
  description: Generated<string>;
  expectedAnswers: Json | null;
  id: Generated<string>;
  name: string;
  sort: number;
  stepTypeId: string;
  updatedAt: Generated<Timestamp>;
  version: Generated<number>;
}

export interface StepResult {
  content: Json;
  createdAt: Generated<Timestamp>;
  id: Generated<string>;
  score: Numeric | null;
  stepId: string;
  submissionId: string;
  updatedAt: Generated<Timestamp>;
  updatedById: string | null;
  version: Generated<number>;
}

export interface StepType {
  createdAt: Generated<Timestamp>;
  hiddenInPicker: Generated<boolean>;
  id: Generated<string>;
  name: string;
  updatedAt: Generated<Timestamp>;
  version: Generated<number>;
}

export interface SubmissionEvent {
  at: Generated<Timestamp>;
  id: Generated<string>;
  kind: string;
  organizationSnapshot: Json | null;
  submissionId: string;
  userId: string | null;
}

export interface SubmissionImpact {
  budget: number | null;
  customOutcomes: Generated<number>;
  indicatorIds: Generated<string[]>;
  outcomeIds: Generated<string[]>;
  sdgs: Generated<number[]>;
  submissionId: string;
}

export interface SurveyType {
  createdAt: Generated<Timestamp>;
  description: string;
  id: Generated<string>;
  json: Json;
  name: string;
  updatedAt: Generated<Timestamp>;
  version: Generated<number>;
}

export interface UserSession {
  createdAt: Generated<Timestamp>;
  endedAt: Timestamp | null;
  endReason: string | null;
  expiresAt: Timestamp;
  generation: Generated<number>;
  id: Generated<string>;
  idToken: string | null;
  ip: string | null;
  lastUsedAt: Generated<Timestamp>;
  previousRefreshHash: string | null;
  refreshHash: string;
  refreshIssuedAt: Timestamp | null;
  refreshJti: string | null;
  rotatedAt: Timestamp | null;
  userAgent: string | null;
  userId: string;
}

export interface DB {
  appUser: AppUser;
  attachment: Attachment;
  attachmentType: AttachmentType;
  auditEvent: AuditEvent;
  call: Call;
  callMessageSettings: CallMessageSettings;
  callReviewer: CallReviewer;
  callSubmission: CallSubmission;
  callType: CallType;
  configuration: Configuration;
  consentRecord: ConsentRecord;
  consentText: ConsentText;
  dataVersion: DataVersion;
  devOidcRecord: DevOidcRecord;
  impactFramework: ImpactFramework;
  impactIndicator: ImpactIndicator;
  impactOutcome: ImpactOutcome;
  impactProxy: ImpactProxy;
  impactStakeholder: ImpactStakeholder;
  message: Message;
  messageBatch: MessageBatch;
  messageTemplate: MessageTemplate;
  organization: Organization;
  organizationInvitation: OrganizationInvitation;
  organizationMember: OrganizationMember;
  rateLimitCounter: RateLimitCounter;
  review: Review;
  reviewConflict: ReviewConflict;
  reviewCriterion: ReviewCriterion;
  reviewDecision: ReviewDecision;
  reviewEvent: ReviewEvent;
  reviewPhase: ReviewPhase;
  reviewSettings: ReviewSettings;
  reviewSummary: ReviewSummary;
  sdg: Sdg;
  step: Step;
  stepResult: StepResult;
  stepType: StepType;
  submissionEvent: SubmissionEvent;
  submissionImpact: SubmissionImpact;
  surveyType: SurveyType;
  userSession: UserSession;
}
