import { Global, Injectable, Module } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Pool } from 'pg';
import type { DataSource } from 'typeorm';
import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver.js';

/**
 * Plain reads straight on TypeORM's connection pool, for the hottest paths (the user and
 * membership checks of every signed-in request, the lists every screen opens): no query
 * runner, no entity hydration, and a named prepared statement so PostgreSQL plans each
 * query once per connection. Not for writes, nor for anything inside a transaction: those
 * go through TypeORM's EntityManager.
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
}

/** SQL for a timestamptz as JavaScript's `toISOString()` writes it (UTC, milliseconds, `Z`). */
export const ISO_UTC = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

@Global()
@Module({ providers: [Sql], exports: [Sql] })
export class SqlModule {}
