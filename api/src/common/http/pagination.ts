import { applyDecorators, createParamDecorator, type ExecutionContext } from '@nestjs/common';
import { ApiQuery } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { badRequest } from './app-error.js';
import { setListRange } from './compression.js';
import { BAD_CHARACTER_MESSAGE, hasBadCharacter, invalidCharacters, refuseBadCharacters } from './text-guard.js';

export const MAX_PAGE_SIZE = 100;
/** The largest row offset a list accepts (PostgreSQL's OFFSET is a bigint; nobody pages this far). */
export const MAX_LIST_OFFSET = 2 ** 31 - 1;

/** A list query in the ra-data-simple-rest shape: `range=[0,24]&sort=["name","ASC"]&filter={"q":"x"}`. */
export interface ListQuery {
  skip: number;
  take: number;
  sortField: string | undefined;
  sortOrder: 'ASC' | 'DESC';
  filter: Record<string, unknown>;
}

export interface Page<T> {
  items: T[];
  total: number;
  /** The total is PostgreSQL's estimate, not a count (a large list): said by `X-Total-Estimated: true`. */
  estimated?: boolean;
}

function parseJson(name: string, raw: unknown): unknown {
  if (raw === undefined || raw === '') return undefined;
  if (typeof raw !== 'string') throw badRequest('errors.list-query', `${name} must be a JSON string`);
  if (hasBadCharacter(raw)) throw invalidCharacters(name);
  try {
    return JSON.parse(raw, refuseBadCharacters);
  } catch (e) {
    if (e instanceof SyntaxError && e.message === BAD_CHARACTER_MESSAGE) throw invalidCharacters(name);
    throw badRequest('errors.list-query', `${name} is not valid JSON`);
  }
}

export function parseListQuery(query: Record<string, unknown>, sortable: readonly string[]): ListQuery {
  const range = parseJson('range', query.range) ?? [0, 24];
  if (
    !Array.isArray(range) ||
    range.length !== 2 ||
    !range.every((n) => Number.isInteger(n) && n >= 0 && n <= MAX_LIST_OFFSET) ||
    range[1] < range[0]
  ) {
    throw badRequest('errors.list-query', `range must be [start, end] with whole numbers from 0 to ${MAX_LIST_OFFSET}`);
  }
  const take = Math.min(range[1] - range[0] + 1, MAX_PAGE_SIZE);
  const sort = parseJson('sort', query.sort) ?? [];
  if (!Array.isArray(sort) || (sort.length !== 0 && sort.length !== 2))
    throw badRequest('errors.list-query', 'sort must be [field, order]');
  const [field, order] = sort as [unknown, unknown];
  if (field !== undefined && !sortable.includes(String(field)))
    throw badRequest('errors.list-query', `sort field must be one of ${sortable.join(', ')}`);
  const filter = parseJson('filter', query.filter) ?? {};
  if (typeof filter !== 'object' || filter === null || Array.isArray(filter))
    throw badRequest('errors.list-query', 'filter must be an object');
  for (const [k, v] of Object.entries(filter))
    if (v !== null && typeof v === 'object' && !Array.isArray(v))
      throw badRequest('errors.list-query', `filter ${k} must be a value or a list`);
  return {
    skip: range[0],
    take,
    sortField: field === undefined ? undefined : String(field),
    sortOrder: String(order).toUpperCase() === 'DESC' ? 'DESC' : 'ASC',
    filter: filter as Record<string, unknown>,
  };
}

/** Reads the list query of an admin resource; `sortable` names the fields one may sort on. */
export const ListParams = createParamDecorator((sortable: readonly string[], ctx: ExecutionContext): ListQuery => {
  return parseListQuery(ctx.switchToHttp().getRequest<{ query: Record<string, unknown> }>().query, sortable);
});

export function ApiListQuery() {
  return applyDecorators(
    ApiQuery({ name: 'range', required: false, description: 'JSON [start, end], inclusive; at most 100 rows', example: '[0,24]' }),
    ApiQuery({ name: 'sort', required: false, description: 'JSON [field, "ASC"|"DESC"]', example: '["name","ASC"]' }),
    ApiQuery({ name: 'filter', required: false, description: 'JSON object of filters; q searches text', example: '{"q":"rome"}' }),
  );
}

/** Writes the Content-Range header react-admin reads (and X-Total-Estimated when the total is an estimate), and returns the rows. */
export function sendPage<T>(res: FastifyReply, resource: string, query: ListQuery, page: Page<T>): T[] {
  const end = page.items.length ? query.skip + page.items.length - 1 : query.skip;
  setListRange(res, `${resource} ${query.skip}-${end}/${page.total}`);
  if (page.estimated) res.header('X-Total-Estimated', 'true');
  return page.items;
}
