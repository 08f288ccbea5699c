import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { EntityManager } from 'typeorm';
import { Sql } from '../../database/sql.js';
import { db, statement } from '../../database/typed-sql.js';
import { DemoSeeder, type DemoContentSeeder } from '../demo/demo-seeder.decorator.js';
import { ReviewRepository } from './review.repository.js';

const firstOpenCall = statement('demo-review-call', () =>
  db
    .selectFrom('call')
    .select('id')
    .where(sql<boolean>`now() BETWEEN opening_at AND closing_at`)
    .orderBy('createdAt')
    .orderBy('id')
    .limit(1),
);

const DAY = 24 * 3600 * 1000;

/** The first open demo call gets a review ready to use: a scoring phase of a month and a three-criterion rubric. */
@Injectable()
@DemoSeeder(60)
export class ReviewsDemoSeeder implements DemoContentSeeder {
  constructor(
    private readonly sql: Sql,
    private readonly repo: ReviewRepository,
  ) {}

  async seed(m: EntityManager): Promise<void> {
    const [call] = await this.sql.run(firstOpenCall, {}, m);
    if (!call || (await this.repo.criteria(call.id, m)).length) return;
    const now = Date.now();
    await this.repo.replacePhases(m, call.id, [
      {
        id: randomUUID(),
        name: 'Valutazione',
        startsAt: new Date(now - DAY),
        endsAt: new Date(now + 30 * DAY),
        mayScore: true,
        seeOthers: 'after-own',
        blind: true,
        mayDecide: true,
      },
    ]);
    const criteria = [
      { name: 'Impatto sociale', en: 'How much changes for whom, and how sure the evidence is', weight: 3 },
      { name: 'Fattibilità', en: 'Team, plan and budget match the ambition', weight: 2 },
      { name: 'Sostenibilità', en: 'What remains once the grant ends', weight: 1 },
    ];
    for (const [position, c] of criteria.entries())
      await this.repo.insertCriterion(m, call.id, {
        id: randomUUID(),
        name: c.name,
        guidance: { en: c.en },
        minScore: 0,
        maxScore: 10,
        step: 1,
        weight: c.weight,
        required: true,
        position,
      });
  }
}
