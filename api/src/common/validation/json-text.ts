import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { Allow } from 'class-validator';
import { badRequest } from '../http/app-error.js';
import { BAD_CHARACTER_MESSAGE, invalidCharacters, refuseBadCharacters } from '../http/text-guard.js';

/** Keys that could reach an object's prototype are refused: class-transformer would drop `__proto__` silently. */
export const FORBIDDEN_JSON_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

const FORBIDDEN_KEY = /^Forbidden key "(\w+)"/;

/** JSON.parse's reviver for every JSON the API reads: request bodies, and JSON text inside them. */
export function refuseBadJson(key: string, value: unknown): unknown {
  if (FORBIDDEN_JSON_KEYS.has(key)) throw new SyntaxError(`Forbidden key "${key}" in JSON body`);
  return refuseBadCharacters(key, value);
}

/**
 * JSON text inside a body, parsed with the body's own reviver, so the text form is refused exactly
 * where the object form would be. Answers `undefined` when the text is not JSON (the caller says why).
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
 * A field that is an object on the API but may still come as its JSON text: text that starts with
 * `{` is parsed (400 `key` when it is not JSON); any other value, other strings included (a text
 * step's HTML, a miniDyi step's framework id), is left for the field's own checks.
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

/** A free-form JSON object field (a step's content), its JSON text still accepted (objectFromJsonText). */
export function JsonObjectField(o: { key: string; description: string; optional?: boolean }) {
  const doc = { type: 'object', additionalProperties: true, nullable: true, description: o.description } as const;
  return applyDecorators(
    o.optional ? ApiPropertyOptional(doc) : ApiProperty(doc),
    Allow(),
    Transform(({ value, key }: { value: unknown; key: string }) => objectFromJsonText(value, key, o.key), { toClassOnly: true }),
  );
}
