import {
  AliasNode,
  ColumnNode,
  DefaultQueryCompiler,
  DummyDriver,
  IdentifierNode,
  Kysely,
  OperationNodeTransformer,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  ReferenceNode,
  SelectAllNode,
  SelectionNode,
  SelectQueryNode,
  sql,
  type Compilable,
  type Expression,
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
} from 'kysely';
import type { DB } from './schema.js';

/**
 * Typed SQL (docs/decisions/typed-sql.md): statements written with Kysely over `DB`, the types of the
 * migrated schema, so one that no longer fits fails the typecheck. Kysely only compiles here. Each
 * column the outermost select (or RETURNING) answers is aliased to its camelCase name, so the driver's
 * rows are the typed objects; objects built inside take their keys from `jsonBuildObject({ … })`.
 */

const snake = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

class SnakeCase extends OperationNodeTransformer {
  protected override transformIdentifier(node: IdentifierNode, queryId?: Parameters<OperationNodeTransformer['transformNode']>[1]) {
    const out = super.transformIdentifier(node, queryId);
    return { ...out, name: snake(out.name) };
  }
}

/** The camelCase name a selection answers as: its alias, or the column it reads. */
function fieldName(selection: SelectionNode): string | undefined {
  const s = selection.selection;
  if (AliasNode.is(s) && IdentifierNode.is(s.alias)) return s.alias.name;
  if (ReferenceNode.is(s) && ColumnNode.is(s.column)) return s.column.column.name;
  return undefined;
}

function aliased(original: readonly SelectionNode[], snaked: readonly SelectionNode[]): SelectionNode[] {
  if (original.some((s) => SelectAllNode.is(s.selection) || (ReferenceNode.is(s.selection) && SelectAllNode.is(s.selection.column))))
    throw new Error('Name the columns a statement answers: `*` would answer snake_case keys');
  return snaked.map((selection, i) => {
    const name = fieldName(original[i]);
    if (name === undefined || name === snake(name)) return selection;
    const inner = AliasNode.is(selection.selection) ? selection.selection.node : selection.selection;
    return SelectionNode.create(AliasNode.create(inner, IdentifierNode.create(name)));
  });
}

/** snake_case names in SQL, camelCase fields in the rows. */
class FieldNames implements KyselyPlugin {
  private readonly snake = new SnakeCase();

  transformQuery({ node }: PluginTransformQueryArgs): RootOperationNode {
    const out = this.snake.transformNode(node);
    if (SelectQueryNode.is(node) && SelectQueryNode.is(out) && node.selections && out.selections)
      return { ...out, selections: aliased(node.selections, out.selections) };
    if ('returning' in node && node.returning && 'returning' in out && out.returning)
      return { ...out, returning: { ...out.returning, selections: aliased(node.returning.selections, out.returning.selections) } };
    return out;
  }

  transformResult({ result }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return Promise.resolve(result);
  }
}

/** A statement's parameter: replaced by the caller's value each time the statement runs. */
class Param {
  constructor(readonly key: string) {}
}

/** What each `$n` of a compiled statement stands for: an argument of the caller, or a constant of the statement. */
type Slot = { key: string } | { value: unknown };

/** Numbers each `Param` once, the keys of `order` first, then the others and the constants (`.limit(5)`) in order of use. */
class StatementCompiler extends PostgresQueryCompiler {
  private numbers = new Map<string, number>();
  /** The last compiled statement's `$n`, in order. */
  slots: Slot[] = [];
  order: readonly string[] = [];

  override compileQuery(...args: Parameters<DefaultQueryCompiler['compileQuery']>) {
    this.slots = this.order.map((key) => ({ key }));
    this.numbers = new Map(this.order.map((key, i) => [key, i + 1]));
    return super.compileQuery(...args);
  }

  protected override appendValue(value: unknown): void {
    // A query built per request (`Sql.list`) has no Param: its slots are its parameters.
    if (!(value instanceof Param)) {
      this.addParameter(value);
      this.slots.push({ value });
      return this.append(`$${this.slots.length}`);
    }
    let n = this.numbers.get(value.key);
    if (n === undefined) {
      this.slots.push({ key: value.key });
      this.numbers.set(value.key, (n = this.slots.length));
    }
    this.append(`$${n}`);
  }
}

const compiler = new StatementCompiler();

/** The query builder over the migrated schema. It compiles and never connects. */
export const db = new Kysely<DB>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (k) => new PostgresIntrospector(k),
    createQueryCompiler: () => compiler,
  },
  plugins: [new FieldNames()],
});

export type RowOf<Q> = Q extends Compilable<infer R> ? R : never;

const made = new Map<string, Statement<object, unknown>>();

/** Every statement made so far (api/test/statements.spec.ts prepares each against the migrated schema). */
export const madeStatements = (): Statement<object, unknown>[] => [...made.values()];

/** One static statement, compiled on first use into a named prepared statement; the fields of `p` stand for its arguments. */
export class Statement<A extends object, R> {
  private compiled?: { text: string; slots: Slot[] };
  private readonly params = new Map<string, Param>();

  constructor(
    readonly name: string,
    private readonly build: (p: A) => Compilable<unknown>,
    private readonly order: readonly (keyof A & string)[] = [],
  ) {
    if (made.has(name)) throw new Error(`Two statements are named ${name}`);
    made.set(name, this as unknown as Statement<object, unknown>);
  }

  /** The SQL text, `$n` for the arguments (numbered in `order`, then by first use). */
  get text(): string {
    return this.compile().text;
  }

  /** The values of the text's `$n`: the arguments taken from `args`, and the statement's constants. */
  values(args: A): unknown[] {
    return this.compile().slots.map((slot) => ('key' in slot ? (args as Record<string, unknown>)[slot.key] : slot.value));
  }

  /** Only for the type: the row. */
  declare readonly row: R;

  private compile(): { text: string; slots: Slot[] } {
    if (this.compiled) return this.compiled;
    const p = new Proxy({} as A, {
      // `values(p)` or `{ ...p }` would see no key (an empty insert): name each argument.
      ownKeys: () => {
        throw new Error(`Statement ${this.name}: read its arguments one by one (p.x), not as a whole object`);
      },
      get: (_, key: string) => {
        let param = this.params.get(key);
        if (!param) this.params.set(key, (param = new Param(key)));
        return param;
      },
    });
    const query = this.build(p);
    compiler.order = this.order;
    try {
      const { sql } = query.compile();
      this.compiled = { text: sql, slots: compiler.slots };
    } finally {
      compiler.order = [];
    }
    return this.compiled;
  }
}

/** A statement named `name` (unique); `order` fixes the first parameters' numbers where SQL outside the API reuses the text. */
export function statement<A extends object, Q extends Compilable<unknown>>(
  name: string,
  build: (p: A) => Q,
  order?: readonly (keyof A & string)[],
): Statement<A, RowOf<Q>> {
  return new Statement<A, RowOf<Q>>(name, build, order);
}

/** `count(*)` as an integer (PostgreSQL counts in bigint, which the driver answers as text). */
export const countInt = () => sql<number>`count(*)::int`;

/** A timestamptz as JavaScript's `toISOString()` writes it (UTC, milliseconds, `Z`). */
export const isoUtc = (at: Expression<Date | null>) => sql<string>`to_char(${at} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** The columns the database makes, answered (RETURNING) to the row saved. */
export const STAMPS = ['id', 'createdAt', 'updatedAt', 'version'] as const;

/** Whether an update setting `values` changes the row: an unchanged row keeps its version (as TypeORM's save did). */
export const changes = (values: object) =>
  sql<boolean>`(${sql.join(Object.keys(values).map((k) => sql.ref(k)))}) IS DISTINCT FROM (${sql.join(Object.values(values))})`;
