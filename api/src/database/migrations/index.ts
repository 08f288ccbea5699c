import type { MigrationInterface } from 'typeorm';
import { Foundation1795235676396 } from './1795235676396-foundation.js';
import { CallsAndSteps1795235975828 } from './1795235975828-calls-and-steps.js';
import { SubmissionsAndFiles1795236433128 } from './1795236433128-submissions-and-files.js';
import { ImpactFrameworks1795236853506 } from './1795236853506-impact-frameworks.js';
import { SurveyLibrary1795236875344 } from './1795236875344-survey-library.js';
import { CacheInvalidation1795247532299 } from './1795247532299-cache-invalidation.js';
import { FillCacheInvalidation1795260000000 } from './1795260000000-fill-cache-invalidation.js';
import { Messages1795523111971 } from './1795523111971-messages.js';
import { SessionsAndLimits1795523581860 } from './1795523581860-sessions-and-limits.js';
import { SubmissionHistory1795522904555 } from './1795522904555-submission-history.js';
import { ConfigurationTexts1795523058280 } from './1795523058280-configuration-texts.js';
import { DashboardImpactFacts1795600000000 } from './1795600000000-dashboard-impact-facts.js';
import { ReplicaState1795710000000 } from './1795710000000-replica-state.js';
import { ListIndexes1795700000000 } from './1795700000000-list-indexes.js';
import { SubmissionListOrder1795610000000 } from './1795610000000-submission-list-order.js';
import { DataVersions1795720000000 } from './1795720000000-data-versions.js';
import { ConsoleListIndexes1795800000000 } from './1795800000000-console-list-indexes.js';
import { SearchFolded1795900000000 } from './1795900000000-search-folded.js';
import { OrganizationSubmissionsCache1796000000000 } from './1796000000000-organization-submissions-cache.js';
import { SubmissionOrganizationClosed1796100000000 } from './1796100000000-submission-organization-closed.js';
import { RefreshRetry1796200000000 } from './1796200000000-refresh-retry.js';
import { SubmittedOrganization1796300000000 } from './1796300000000-submitted-organization.js';
import { SubmissionMessagesInCode1796400000000 } from './1796400000000-submission-messages-in-code.js';
import { ImpactFactsInCode1796500000000 } from './1796500000000-impact-facts-in-code.js';
import { ReviewMessages1796600000000 } from './1796600000000-review-messages.js';
import { ReviewPanel1796700000000 } from './1796700000000-review-panel.js';
import { ReviewSummary1796800000000 } from './1796800000000-review-summary.js';
import { ReviewDataVersions1796900000000 } from './1796900000000-review-data-versions.js';
import { OrganizationTeams1797000000000 } from './1797000000000-organization-teams.js';
import { AuditTrail1797100000000 } from './1797100000000-audit-trail.js';
import { PrivacyConsents1797200000000 } from './1797200000000-privacy-consents.js';
import { StepResultUpdatedBy1797300000000 } from './1797300000000-step-result-updated-by.js';

/**
 * Every migration, in order. A test checks that each file in this folder is listed here
 * and that the entities match the migrated schema (no pending migration).
 */
export const migrations: (new () => MigrationInterface)[] = [
  Foundation1795235676396,
  CallsAndSteps1795235975828,
  SubmissionsAndFiles1795236433128,
  ImpactFrameworks1795236853506,
  SurveyLibrary1795236875344,
  CacheInvalidation1795247532299,
  FillCacheInvalidation1795260000000,
  SubmissionHistory1795522904555,
  ConfigurationTexts1795523058280,
  Messages1795523111971,
  SessionsAndLimits1795523581860,
  DashboardImpactFacts1795600000000,
  SubmissionListOrder1795610000000,
  ListIndexes1795700000000,
  ReplicaState1795710000000,
  DataVersions1795720000000,
  ConsoleListIndexes1795800000000,
  SearchFolded1795900000000,
  OrganizationSubmissionsCache1796000000000,
  SubmissionOrganizationClosed1796100000000,
  RefreshRetry1796200000000,
  SubmittedOrganization1796300000000,
  SubmissionMessagesInCode1796400000000,
  ImpactFactsInCode1796500000000,
  ReviewMessages1796600000000,
  ReviewPanel1796700000000,
  ReviewSummary1796800000000,
  ReviewDataVersions1796900000000,
  OrganizationTeams1797000000000,
  AuditTrail1797100000000,
  PrivacyConsents1797200000000,
  StepResultUpdatedBy1797300000000,
];
