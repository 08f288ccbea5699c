/**
 * Number inputs of miniDyi: an empty input is ignored (null), never read as zero.
 * Accepts a decimal comma ("12,5") as Italian and French users type it; no thousands separators.
 */
export function parseNumberInput(raw: string | number | null | undefined): number | null {
  if (raw === null || raw === undefined) return null;
  if (typeof raw === 'number') return Number.isFinite(raw) ? raw : null;
  const s = raw.trim();
  if (s === '') return null;
  if (!/^[-+]?(\d+([.,]\d*)?|[.,]\d+)$/.test(s)) return null;
  const n = Number(s.replace(',', '.'));
  return Number.isFinite(n) ? n : null;
}

/** A present, finite number of at least zero. */
export function isNonNegativeNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0;
}

/** An optional number input: empty (null/undefined) or a finite number of at least zero. */
export function isValidOptionalAmount(value: unknown): boolean {
  return value === null || value === undefined || isNonNegativeNumber(value);
}

/** A target that counts: ticked indicators need a number above zero (empty or zero is an error). */
export function isValidTarget(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value > 0;
}
