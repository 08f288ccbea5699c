import { sql } from 'kysely';
import { QueryFailedError } from 'typeorm';
import type { Statement } from '../../database/typed-sql.js';

/**
 * What TypeORM's entity API did that the typed statements replacing it keep: a save wrote a
 * loaded row, and moved its version, only when a column changed, then set the columns the
 * database made on the entity saved; a refusal of the database was a QueryFailedError, which
 * the services test for a foreign key.
 */

/** The columns the database makes (RETURNING them to the entity saved). */
export const STAMPS = ['id', 'createdAt', 'updatedAt', 'version'] as const;

/** Whether writing `values` (the columns an update sets) changes the row. */
export const changes = (values: object) =>
  sql<boolean>`(${sql.join(Object.keys(values).map((k) => sql.ref(k)))}) IS DISTINCT FROM (${sql.join(Object.values(values))})`;

/** Rethrows the driver's error of `s` run with `args` as TypeORM did. */
export const asQueryFailed =
  <A extends object>(s: Statement<A, unknown>, args: A) =>
  (e: Error): never => {
    throw new QueryFailedError(s.text, s.values(args), e);
  };
