/** An ILIKE pattern matching values that contain `text` literally (its `\`, `%` and `_` escaped). */
export function likeContains(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
