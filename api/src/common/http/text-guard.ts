import { badRequest } from './app-error.js';

/**
 * Characters no text of the product may hold, wherever it arrives: NUL, which PostgreSQL cannot
 * store in `text` or `jsonb`, and a lone UTF-16 surrogate, which is not Unicode at all.
 */
export function hasBadCharacter(text: string): boolean {
  return text.includes('\u0000') || !(text as WellFormed).isWellFormed();
}

/** ES2024's String.prototype.isWellFormed, which the project's TypeScript lib predates. */
type WellFormed = string & { isWellFormed(): boolean };

/** The message a body parser's reviver throws: the error filter turns it into 400 errors.invalid-characters. */
export const BAD_CHARACTER_MESSAGE = 'Invalid character (NUL or a lone surrogate) in JSON';

export const invalidCharacters = (where: string) =>
  badRequest('errors.invalid-characters', `${where} holds a character that is not allowed (NUL or a lone surrogate)`);

/** True when `value` (a parsed query or form body) holds a bad character in any key or string. */
export function holdsBadCharacter(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return hasBadCharacter(value);
  if (value === null || typeof value !== 'object' || depth > 32) return false;
  for (const [k, v] of Object.entries(value)) if (hasBadCharacter(k) || holdsBadCharacter(v, depth + 1)) return true;
  return false;
}

/** JSON.parse's reviver refusing bad characters in any key or string. */
export function refuseBadCharacters(key: string, value: unknown): unknown {
  if (hasBadCharacter(key) || (typeof value === 'string' && hasBadCharacter(value))) throw new SyntaxError(BAD_CHARACTER_MESSAGE);
  return value;
}
