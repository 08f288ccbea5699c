import { Column } from 'typeorm';

/** A lower-cased copy of `source` kept by PostgreSQL, for searches with LIKE instead of ILIKE; never read or written. */
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
