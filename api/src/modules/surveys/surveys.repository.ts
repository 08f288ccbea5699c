import { Injectable } from '@nestjs/common';
import { sql } from 'kysely';
import type { ListQuery, Page } from '../../common/http/pagination.js';
import { likeContains } from '../../common/http/like.js';
import { Sql } from '../../database/sql.js';
import { db, statement } from '../../database/typed-sql.js';

const COLUMNS = ['id', 'createdAt', 'updatedAt', 'version', 'name', 'description', 'json'] as const;

const byId = statement('survey-by-id', (p: { id: string }) => db.selectFrom('surveyType').select(COLUMNS).where('id', '=', p.id));

/** The JSON is passed as its text (`JSON.stringify`): the driver would send an array as a PostgreSQL array. */
const insert = statement('survey-insert', (p: { name: string; description: string; json: string }) =>
  db.insertInto('surveyType').values({ name: p.name, description: p.description, json: p.json }).returning(COLUMNS),
);

/** The update of a survey read at `version`: none when someone else changed it since. */
const update = statement('survey-update', (p: { id: string; version: number; name: string; description: string; json: string }) =>
  db
    .updateTable('surveyType')
    .set((eb) => ({
      name: p.name,
      description: p.description,
      json: p.json,
      version: eb('version', '+', 1),
      updatedAt: sql<Date>`now()`,
    }))
    .where('id', '=', p.id)
    .where('version', '=', p.version)
    .returning(COLUMNS),
);

const remove = statement('survey-delete', (p: { id: string }) => db.deleteFrom('surveyType').where('id', '=', p.id));

export type SurveyRow = typeof byId.row;

const SORT = { name: 'name', createdAt: 'createdAt', updatedAt: 'updatedAt' } as const;

@Injectable()
export class SurveysRepository {
  constructor(private readonly sql: Sql) {}

  async findById(id: string): Promise<SurveyRow | undefined> {
    return (await this.sql.run(byId, { id }))[0];
  }

  /** A page of the library: `q` searches the name and description, `id` keeps the listed ones. */
  async findPage(query: ListQuery): Promise<Page<SurveyRow>> {
    const q = typeof query.filter.q === 'string' ? query.filter.q.trim() : '';
    const ids = Array.isArray(query.filter.id) ? query.filter.id.map(String) : undefined;
    if (ids?.length === 0) return { items: [], total: 0 };
    const filtered = db
      .selectFrom('surveyType')
      .$if(q !== '', (b) => b.where((eb) => eb.or([eb('name', 'ilike', likeContains(q)), eb('description', 'ilike', likeContains(q))])))
      .$if(ids !== undefined, (b) => b.where('id', 'in', ids!));
    const sort = SORT[query.sortField as keyof typeof SORT] ?? 'name';
    const order = query.sortOrder === 'DESC' ? 'desc' : 'asc';
    const [items, [{ total }]] = await Promise.all([
      this.sql.list(filtered.select(COLUMNS).orderBy(sort, order).orderBy('id').offset(query.skip).limit(query.take)),
      this.sql.list(filtered.select((eb) => eb.cast<number>(eb.fn.countAll(), 'integer').as('total'))),
    ]);
    return { items, total };
  }

  async insert(s: { name: string; description: string; json: unknown }): Promise<SurveyRow> {
    return (await this.sql.run(insert, { ...s, json: JSON.stringify(s.json) }))[0];
  }

  /** The survey updated, or undefined when its version is no longer `version`. */
  async update(id: string, version: number, s: { name: string; description: string; json: unknown }): Promise<SurveyRow | undefined> {
    return (await this.sql.run(update, { id, version, ...s, json: JSON.stringify(s.json) }))[0];
  }

  async delete(id: string): Promise<void> {
    await this.sql.run(remove, { id });
  }
}
