import { Global, Injectable, Module } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import pg, { type Pool, type PoolClient } from 'pg';
import { QueryFailedError, type DataSource, type EntityManager } from 'typeorm';
import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver.js';
import type { Compilable } from 'kysely';
import type { RowOf, Statement } from './typed-sql.js';

/**
 * Plain statements straight on TypeORM's connection pool, for the hottest paths (the user and
 * membership checks of every signed-in request, the lists every screen opens, the autosave
 * that is one statement by itself): no query runner, no entity hydration, and a named prepared
 * statement so PostgreSQL plans each query once per connection. Its columns are aliased to the
 * fields of the objects answered (`call_type_id AS "callTypeId"`): the rows are those objects,
 * no mapping follows (docs/architecture.md, "Reading rows"). A write of several statements
 * runs in a TypeORM transaction, and `rowsIn` runs its statements on that connection.
 */
@Injectable()
export class Sql {
  private readonly pool: Pool;

  constructor(@InjectDataSource() db: DataSource) {
    this.pool = (db.driver as PostgresDriver).master as Pool;
  }

  /** The rows of a read; `name` identifies the prepared statement (one per distinct text). */
  async rows<T>(name: string, text: string, values: unknown[]): Promise<T[]> {
    return (await this.pool.query<T & object>({ name, text, values })).rows;
  }

  /**
   * The rows of a read whose text is built from a list's filters and sort: the same aliased
   * columns, but unprepared, since a name per distinct text would leave a statement per filter
   * combination on every connection.
   */
  async query<T>(text: string, values: unknown[] = []): Promise<T[]> {
    return (await this.pool.query<T & object>(text, values)).rows;
  }

  /**
   * The rows of a typed statement (`statement(...)`, database/typed-sql.ts): a named prepared
   * statement, on the pool or, given a transaction's manager, on its connection (`rowsIn`).
   */
  run<A extends object, R>(statement: Statement<A, R>, args: A, manager?: EntityManager): Promise<R[]> {
    const values = statement.values(args);
    return this.rowsIn<R>(manager, statement.name, statement.text, values).catch(refusal(statement.text, values));
  }

  /** The rows of a typed query built per request (a list's filters and sort), unprepared like `query`. */
  list<Q extends Compilable<unknown>>(query: Q): Promise<RowOf<Q>[]> {
    const { sql, parameters } = query.compile();
    return this.query<RowOf<Q>>(sql, [...parameters]).catch(refusal(sql, parameters));
  }

  /** One round trip to the database (the readiness check). */
  async ping(): Promise<void> {
    await this.pool.query('SELECT 1');
  }

  /** The connection pool's counts, for /api/metrics. */
  poolCounts(): { total: number; idle: number; waiting: number } {
    return { total: this.pool.totalCount, idle: this.pool.idleCount, waiting: this.pool.waitingCount };
  }

  /**
   * The rows of a statement run inside a TypeORM transaction, on its connection, as a named
   * prepared statement: for the few statements of the busiest write paths (saving an answer
   * at the deadline), which would otherwise be parsed and planned on every call. Without a
   * manager, the same statement runs on the pool (`rows`).
   */
  async rowsIn<T>(manager: EntityManager | undefined, name: string, text: string, values: unknown[]): Promise<T[]> {
    if (!manager) return this.rows<T>(name, text, values);
    const runner = manager.queryRunner;
    if (!runner?.isTransactionActive) throw new Error('Sql.rowsIn needs the manager of an open transaction');
    // connect() answers the connection the transaction already holds.
    const connection = (await runner.connect()) as PoolClient;
    return (await connection.query<T & object>({ name, text, values })).rows;
  }
}

/** PostgreSQL's refusal of a statement (a key taken, a row still referenced) as the QueryFailedError TypeORM throws, so one test reads both. */
const refusal =
  (text: string, values: readonly unknown[]) =>
  (e: unknown): never => {
    throw e instanceof pg.DatabaseError ? new QueryFailedError(text, [...values], e) : e;
  };

/** The SQLSTATEs of the refusals the services answer for. */
const REFUSALS = { uniqueKey: '23505', foreignKey: '23503', restrict: '23001', malformed: '22P02' } as const;

/** Whether `e` is the database refusing a statement because of `reason`. */
export function refusedFor(e: unknown, reason: keyof typeof REFUSALS): boolean {
  return (
    e instanceof QueryFailedError && (e as QueryFailedError & { driverError?: { code?: string } }).driverError?.code === REFUSALS[reason]
  );
}

/** Rows of a DELETE/UPDATE ... RETURNING (TypeORM's postgres driver answers [rows, count] for those). */
export function returned<T>(result: unknown): T[] {
  return (Array.isArray(result) && Array.isArray(result[0]) ? result[0] : result) as T[];
}

/** SQL for a timestamptz as JavaScript's `toISOString()` writes it (UTC, milliseconds, `Z`). */
export const ISO_UTC = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

@Global()
@Module({ providers: [Sql], exports: [Sql] })
export class SqlModule {}
