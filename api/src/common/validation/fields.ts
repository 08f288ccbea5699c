import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { canonicalId } from '../ids.js';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsDate,
  IsEmail,
  IsIn,
  IsInt,
  IsNumber,
  IsObject,
  IsOptional,
  IsString,
  IsUUID,
  Max,
  MaxLength,
  Min,
  MinLength,
  ValidateIf,
  ValidateNested,
} from 'class-validator';

/** One decorator per field declares both its validation and its OpenAPI schema, so the two never disagree. */
interface Common {
  optional?: boolean;
  nullable?: boolean;
  description?: string;
  example?: unknown;
}

function base(type: unknown, o: Common, extra: Record<string, unknown> = {}) {
  const opts = { description: o.description, example: o.example, nullable: o.nullable, ...extra } as Record<string, unknown>;
  if (type !== undefined) opts.type = type;
  const doc = o.optional ? ApiPropertyOptional(opts) : ApiProperty(opts);
  if (o.nullable) return [doc, IsOptional()];
  // Optional but not nullable: `null` is checked (and refused) instead of reaching a NOT NULL column.
  return o.optional ? [doc, ValidateIf((_object: object, value: unknown) => value !== undefined)] : [doc];
}

export function StringField(o: Common & { maxLength: number; minLength?: number; trim?: boolean; pattern?: RegExp }) {
  return applyDecorators(
    ...base(String, o, { maxLength: o.maxLength, minLength: o.minLength }),
    IsString(),
    MaxLength(o.maxLength),
    ...(o.minLength ? [MinLength(o.minLength)] : []),
    ...(o.trim === false ? [] : [Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value))]),
  );
}

export function EmailField(o: Common = {}) {
  return applyDecorators(
    ...base(String, o, { format: 'email', maxLength: 320 }),
    Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value)),
    IsEmail({}, { message: '$property must be an e-mail address' }),
    MaxLength(320),
  );
}

export function BooleanField(o: Common = {}) {
  return applyDecorators(...base(Boolean, o), IsBoolean());
}

/** PostgreSQL's `integer`: the range of every integer column (versions, sizes, counts). */
export const INT4_MIN = -2147483648;
export const INT4_MAX = 2147483647;

/** A whole number, bounded to the `integer` column it lands in unless `min`/`max` say otherwise (IsInt alone takes 2^53). */
export function IntField(o: Common & { min?: number; max?: number }) {
  const min = o.min ?? INT4_MIN;
  const max = o.max ?? INT4_MAX;
  return applyDecorators(...base('integer', o, { minimum: min, maximum: max }), IsInt(), Min(min), Max(max));
}

export function NumberField(o: Common & { min?: number; max?: number }) {
  return applyDecorators(
    ...base(Number, o, { minimum: o.min, maximum: o.max }),
    IsNumber({ allowNaN: false, allowInfinity: false }),
    ...(o.min !== undefined ? [Min(o.min)] : []),
    ...(o.max !== undefined ? [Max(o.max)] : []),
  );
}

export function UuidField(o: Common = {}) {
  return applyDecorators(
    ...base(String, o, { format: 'uuid' }),
    IsUUID('all'),
    Transform(({ value }: { value: unknown }) => canonicalId(value)),
  );
}

/** ISO date-time; a string without zone designator is read as UTC (spec section 9). */
export function DateTimeField(o: Common = {}) {
  return applyDecorators(
    ...base(String, o, { format: 'date-time' }),
    Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? parseUtcDate(value) : value)),
    IsDate({ message: '$property must be an ISO 8601 date-time' }),
  );
}

export function EnumField<T extends string>(values: readonly T[], o: Common & { enumName: string }) {
  return applyDecorators(...base(undefined, o, { enum: values, enumName: o.enumName }), IsIn(values as unknown as unknown[]));
}

export function NestedField(type: () => new () => object, o: Common & { array?: boolean; maxItems?: number } = {}) {
  // @nestjs/swagger treats a function as a lazy type only when it is named `type`
  // (as in `{ type: () => X }`); a thunk passed in as an argument is not.
  const lazy = { type: () => type() }.type;
  return applyDecorators(
    ...base(lazy, o, o.array ? { isArray: true, maxItems: o.maxItems } : {}),
    // ValidateNested looks inside arrays instead of refusing them, so a list of lists (or a list
    // where one object belongs) would pass unchecked into the services: each must be an object.
    IsObject({ each: o.array }),
    ValidateNested({ each: o.array }),
    Type(type),
    ...(o.array ? [IsArray(), ArrayMaxSize(o.maxItems ?? 1000)] : []),
  );
}

/** Dates without a `Z` or offset are treated as UTC, as the spec says. */
export function parseUtcDate(value: string): Date | string {
  const s = value.trim();
  if (!/^\d{4}-\d{2}-\d{2}/.test(s)) return value;
  const hasZone = /(Z|[+-]\d{2}:?\d{2})$/i.test(s);
  const withTime = s.length === 10 ? `${s}T00:00:00` : s;
  const date = new Date(hasZone ? withTime : `${withTime}Z`);
  return Number.isNaN(date.getTime()) ? value : date;
}
