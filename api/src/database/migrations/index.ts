import type { MigrationInterface } from 'typeorm';
import { Foundation1795235676396 } from './1795235676396-foundation.js';
import { CallsAndSteps1795235975828 } from './1795235975828-calls-and-steps.js';
import { SubmissionsAndFiles1795236433128 } from './1795236433128-submissions-and-files.js';
import { ImpactFrameworks1795236853506 } from './1795236853506-impact-frameworks.js';
import { SurveyLibrary1795236875344 } from './1795236875344-survey-library.js';
import { CacheInvalidation1795247532299 } from './1795247532299-cache-invalidation.js';
import { FillCacheInvalidation1795260000000 } from './1795260000000-fill-cache-invalidation.js';

/**
 * Every migration, in order. A test checks that each file in this folder is listed here
 * and that the entities match the migrated schema (no pending migration).
 */
export const migrations: (new () => MigrationInterface)[] = [Foundation1795235676396, CallsAndSteps1795235975828, SubmissionsAndFiles1795236433128, ImpactFrameworks1795236853506, SurveyLibrary1795236875344, CacheInvalidation1795247532299, FillCacheInvalidation1795260000000];
