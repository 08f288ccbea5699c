import type { MigrationInterface } from 'typeorm';
import { Foundation1795235676396 } from './1795235676396-foundation.js';

/**
 * Every migration, in order. A test checks that each file in this folder is listed here
 * and that the entities match the migrated schema (no pending migration).
 */
export const migrations: (new () => MigrationInterface)[] = [Foundation1795235676396];
