import { Column } from 'typeorm';

/**
 * A lower-cased copy of `source` that PostgreSQL keeps (a generated, stored column), for searches
 * that match it with LIKE instead of lowering each row with ILIKE (migration SearchFolded). The
 * product never reads or writes it.
 */
export const FoldedCopy = (source: string, name: string) =>
  Column({
    type: 'text',
    name,
    generatedType: 'STORED',
    asExpression: `lower("${source}")`,
    nullable: true,
    select: false,
    insert: false,
    update: false,
  });
