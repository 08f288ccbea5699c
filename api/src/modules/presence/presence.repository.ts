import { Injectable } from '@nestjs/common';
import { sql } from 'kysely';
import { Sql } from '../../database/sql.js';
import { db, statement } from '../../database/typed-sql.js';

const notify = statement('presence-notify', (p: { channel: string; payload: string }) =>
  db.selectNoFrom(sql<string>`pg_notify(${p.channel}, ${p.payload})::text`.as('sent')),
);

/** Presence keeps no rows: its one statement tells the other replicas of a change. */
@Injectable()
export class PresenceRepository {
  constructor(private readonly sql: Sql) {}

  async notify(channel: string, payload: string): Promise<void> {
    await this.sql.run(notify, { channel, payload });
  }
}
