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
