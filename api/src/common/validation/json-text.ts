import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { Allow } from 'class-validator';
import { badRequest } from '../http/app-error.js';
import { BAD_CHARACTER_MESSAGE, hasBadCharacter, invalidCharacters } from '../http/text-guard.js';

/**
 * JSON keys that could reach an object's prototype are refused outright (security.md, Input):
 * class-transformer would otherwise drop `__proto__` silently and answer 200. So are NUL and
 * lone surrogates in any key or string (text-guard.ts).
 */
export const FORBIDDEN_JSON_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

const FORBIDDEN_KEY = /^Forbidden key "(\w+)"/;

/** JSON.parse's reviver for every JSON the API reads: request bodies, and JSON text inside them. */
export function refuseBadJson(key: string, value: unknown): unknown {
  if (FORBIDDEN_JSON_KEYS.has(key)) throw new SyntaxError(`Forbidden key "${key}" in JSON body`);
  if ((typeof value === 'string' && hasBadCharacter(value)) || hasBadCharacter(key)) throw new SyntaxError(BAD_CHARACTER_MESSAGE);
  return value;
}

/**
 * A field that takes an object or its JSON text (a step result's content, a survey's JSON):
 * the text parsed once, with the body's own reviver, so the text form is refused exactly where
 * the object form would be (400 errors.invalid-characters, errors.forbidden-key) instead of
 * reaching PostgreSQL. Answers `undefined` when the text is not JSON at all (the caller says why,
 * in its own words).
 */
export function parseJsonField(text: string, field: string): { value: unknown } | undefined {
  try {
    return { value: JSON.parse(text, refuseBadJson) };
  } catch (e) {
    if (!(e instanceof SyntaxError)) return undefined; // a RangeError: nested too deeply to be JSON we take
    if (e.message === BAD_CHARACTER_MESSAGE) throw invalidCharacters(field);
    const forbidden = FORBIDDEN_KEY.exec(e.message);
    if (forbidden) throw badRequest('errors.forbidden-key', `${field}: the key "${forbidden[1]}" is not allowed`);
    return undefined;
  }
}

/** The objects objectFromJsonText made, with the text each came from. */
const CONVERTED = new WeakMap<object, string>();

/**
 * The one edge conversion of a field that is an object on the API but may still come as its JSON
 * text (the older form): text that starts with `{` (after blanks) is parsed once, with the body's
 * checks (parseJsonField); when it is not JSON, 400 `key` naming the field. Any other value, other
 * strings included (a text step's plain HTML, a miniDyi step's framework id), is left as sent for
 * the field's own checks.
 */
export function objectFromJsonText(value: unknown, field: string, key: string): unknown {
  if (typeof value !== 'string' || !value.trimStart().startsWith('{')) return value;
  const parsed = parseJsonField(value, field);
  if (!parsed) throw badRequest(key, `${field}: is not valid JSON`, { errors: { [field]: 'is not valid JSON' } });
  if (parsed.value && typeof parsed.value === 'object') CONVERTED.set(parsed.value, value);
  return parsed.value;
}

/** The JSON text an object was converted from (objectFromJsonText), for the checks that refuse that older form (a miniDyi step's content). */
export function jsonTextOf(value: unknown): string | undefined {
  return value && typeof value === 'object' ? CONVERTED.get(value) : undefined;
}

/**
 * A free-form JSON object field (a step's content): documented as an object (nullable), its
 * JSON text still accepted and converted at the edge (objectFromJsonText), an invalid one
 * answered with `key`. What else it must hold is the field's own checks (the service's).
 */
export function JsonObjectField(o: { key: string; description: string; optional?: boolean }) {
  const doc = { type: 'object', additionalProperties: true, nullable: true, description: o.description } as const;
  return applyDecorators(
    o.optional ? ApiPropertyOptional(doc) : ApiProperty(doc),
    Allow(),
    Transform(({ value, key }: { value: unknown; key: string }) => objectFromJsonText(value, key, o.key), { toClassOnly: true }),
  );
}
