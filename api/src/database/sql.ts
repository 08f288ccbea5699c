import { Global, Injectable, Module } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import pg, { type Pool, type PoolClient } from 'pg';
import { QueryFailedError, type DataSource, type EntityManager } from 'typeorm';
import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver.js';
import type { Compilable } from 'kysely';
import type { RowOf, Statement } from './typed-sql.js';

/**
 * Runs the typed statements (typed-sql.ts) straight on TypeORM's pool or the caller's transaction.
 * A list built per request runs unprepared: a name per distinct text would leave a prepared statement
 * per filter combination on every connection.
 */
@Injectable()
export class Sql {
  private readonly pool: Pool;

  constructor(@InjectDataSource() db: DataSource) {
    this.pool = (db.driver as PostgresDriver).master as Pool;
  }

  /** The rows of a typed statement, as a named prepared statement: on the pool, or on the connection of a transaction's manager. */
  async run<A extends object, R>(statement: Statement<A, R>, args: A, manager?: EntityManager): Promise<R[]> {
    const query = { name: statement.name, text: statement.text, values: statement.values(args) };
    const runner = manager?.queryRunner;
    if (manager && !runner?.isTransactionActive) throw new Error('Sql.run needs the manager of an open transaction');
    // connect() answers the connection the transaction already holds.
    const client = runner ? ((await runner.connect()) as PoolClient) : this.pool;
    return client.query<R & object>(query).then((r) => r.rows, refusal(query.text, query.values));
  }

  /** The rows of a typed query built per request (a list's filters and sort), unprepared. */
  list<Q extends Compilable<unknown>>(query: Q): Promise<RowOf<Q>[]> {
    const { sql, parameters } = query.compile();
    return this.pool
      .query<RowOf<Q> & object>(sql, [...parameters])
      .then((r) => r.rows)
      .catch(refusal(sql, parameters));
  }

  async ping(): Promise<void> {
    await this.pool.query('SELECT 1');
  }

  poolCounts(): { total: number; idle: number; waiting: number } {
    return { total: this.pool.totalCount, idle: this.pool.idleCount, waiting: this.pool.waitingCount };
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

@Global()
@Module({ providers: [Sql], exports: [Sql] })
export class SqlModule {}
