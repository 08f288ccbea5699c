import { MINIDYI_CUSTOM_KEY_LENGTH } from '../constants.js';
import type { SelectedIndicator, SelectedOutcome } from './types.js';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const CUSTOM_KEY = new RegExp(`^[A-Za-z0-9]{${MINIDYI_CUSTOM_KEY_LENGTH}}$`);

/** Fills the array with random bytes (Web Crypto, in browsers and Node alike). */
export type RandomBytes = (bytes: Uint8Array<ArrayBuffer>) => Uint8Array<ArrayBuffer>;
const cryptoRandom: RandomBytes = (bytes) => globalThis.crypto.getRandomValues(bytes);

/**
 * A custom outcome's or indicator's key: 12 random alphanumeric characters (spec section 9),
 * without modulo bias (bytes of 248 and above are drawn again).
 */
export function generateCustomKey(random: RandomBytes = cryptoRandom): string {
  let out = '';
  const limit = 256 - (256 % ALPHABET.length);
  while (out.length < MINIDYI_CUSTOM_KEY_LENGTH) {
    for (const b of random(new Uint8Array(MINIDYI_CUSTOM_KEY_LENGTH * 2))) {
      if (b < limit && out.length < MINIDYI_CUSTOM_KEY_LENGTH) out += ALPHABET[b % ALPHABET.length];
    }
  }
  return out;
}

export function isCustomKey(value: unknown): value is string {
  return typeof value === 'string' && CUSTOM_KEY.test(value);
}

/** How a selected outcome is addressed: its framework id, or its custom key. */
export function outcomeKey(o: Pick<SelectedOutcome, 'outcomeId' | 'customKey'>): string {
  return o.customKey ?? o.outcomeId ?? '';
}

/** How a ticked indicator is addressed within its outcome: indicator and proxy ids, or its custom key. */
export function indicatorKey(i: Pick<SelectedIndicator, 'indicatorId' | 'proxyId' | 'customKey'>): string {
  return i.customKey ?? `${i.indicatorId ?? ''}:${i.proxyId ?? ''}`;
}

export function isCustomOutcome(o: Pick<SelectedOutcome, 'outcomeId' | 'customKey'>): boolean {
  return o.customKey !== undefined;
}
