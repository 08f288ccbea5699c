import { orderCallsForUser, toUtcDate } from '@impact-calls/domain';
import { CacheInvalidation, type Invalidated } from '../../database/shared-cache.js';
import type { CallUserRow } from './calls.repository.js';

/** How many users' filtered lists are kept (each a list of references to the shared rows). */
const VISIBLE_MAX = 200;

interface Ordered {
  rows: CallUserRow[];
  /** The order holds from the last instant a call opened or closed before it was built, until the next one (open calls first). */
  validFrom: number;
  validUntil: number;
  generation: number;
}

/**
 * Every call in the applicant list's order, kept so a page costs a slice, not a sort of every call: emptied
 * on every change of a call (the `call` topic), rebuilt when one opens or closes (the order depends on the time).
 */
export class CallListCache implements Invalidated {
  private ordered: Ordered | undefined;
  /** The list each e-mail address sees (the e-mail filter applied), for the current `ordered`; most recent last. */
  private readonly visible = new Map<string, readonly CallUserRow[]>();
  private loading: Promise<Ordered> | undefined;
  private generation = 0;

  constructor(
    private readonly load: () => Promise<CallUserRow[]>,
    private readonly invalidation: CacheInvalidation,
  ) {
    invalidation.follow('call', this);
  }

  evict(): void {
    this.clear();
  }

  clear(): void {
    this.generation++;
    this.ordered = undefined;
    this.visible.clear();
    this.loading = undefined;
  }

  /** What `filter` (which depends on the e-mail address alone) keeps of `rows(now)`, remembered per address while those rows are. */
  async visibleTo(email: string, now: Date, filter: (rows: readonly CallUserRow[]) => CallUserRow[]): Promise<readonly CallUserRow[]> {
    const rows = await this.rows(now);
    if (rows !== this.ordered?.rows) return filter(rows);
    let kept = this.visible.get(email);
    if (kept) {
      this.visible.delete(email);
    } else {
      kept = filter(rows);
      if (this.visible.size >= VISIBLE_MAX) this.visible.delete(this.visible.keys().next().value!);
    }
    this.visible.set(email, kept);
    return kept;
  }

  /** The calls in the list's order at `now`, empty names left out (every user's list before the e-mail filter). */
  private async rows(now: Date): Promise<readonly CallUserRow[]> {
    const t = now.getTime();
    const holds = (o: Ordered | undefined): o is Ordered =>
      o !== undefined && o.generation === this.generation && o.validFrom <= t && t < o.validUntil;
    if (!this.invalidation.serves('call')) return orderCallsForUser(await this.load(), now);
    if (holds(this.ordered)) return this.ordered.rows;
    const generation = this.generation;
    if (!this.loading) {
      this.loading = this.load().then((all) => {
        const built = this.build(all, new Date(), generation);
        if (this.generation === built.generation) {
          this.ordered = built;
          this.visible.clear();
        }
        return built;
      });
      this.loading.finally(() => (this.loading = undefined)).catch(() => undefined);
    }
    const built = await this.loading;
    // Read before a change that came while loading, or ordered for another instant: read again for this request.
    return holds(built) ? built.rows : orderCallsForUser(await this.load(), now);
  }

  private build(all: CallUserRow[], now: Date, generation: number): Ordered {
    const t = now.getTime();
    let validFrom = Number.NEGATIVE_INFINITY;
    let validUntil = Number.POSITIVE_INFINITY;
    for (const c of all) {
      // Open from openingAt, closed after closingAt (isCallOpen): the order changes at these instants.
      for (const at of [toUtcDate(c.openingAt).getTime(), toUtcDate(c.closingAt).getTime() + 1]) {
        if (at > t) validUntil = Math.min(validUntil, at);
        else validFrom = Math.max(validFrom, at);
      }
    }
    return { rows: orderCallsForUser(all, now), validFrom, validUntil, generation };
  }
}
