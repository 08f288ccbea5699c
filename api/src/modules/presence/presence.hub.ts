import { Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { DataSource } from 'typeorm';
import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver.js';
import { Traffic } from '../../common/lifecycle/traffic.js';
import { PresenceRepository } from './presence.repository.js';

/** Replicas tell one another of presence changes on this channel (payload: a Wire, JSON). */
export const PRESENCE_CHANNEL = 'ic_presence';
/** Each replica says again who is here this often; another replica's entry not said again in EXPIRE_MS is gone. */
const REFRESH_MS = 15_000;
const EXPIRE_MS = 40_000;
/** A comment this often keeps proxies from closing a quiet stream. */
const PING_MS = 25_000;
const RECONNECT_MS = 1_000;

export interface Present {
  userId: string;
  name: string;
  step: string | null;
}

interface Entry extends Present {
  connectionId: string;
  replica: string;
  at: number;
}

interface Wire {
  replica: string;
  submissionId: string;
  connectionId: string;
  op: 'here' | 'gone';
  userId?: string;
  name?: string;
  step?: string | null;
}

/** A stream of this replica: one person's open application. */
interface Watcher extends Present {
  connectionId: string;
  submissionId: string;
  send: (others: Present[]) => void;
  ping: () => void;
  end: () => void;
  lastSent?: string;
}

/**
 * Who has which application open, and on which step: each replica holds its own streams and
 * learns the others' through PostgreSQL notifications, so every watcher hears of a change as soon as
 * it is made, whichever replica it reached. Nothing is stored: presence is gone with the process.
 */
@Injectable()
export class PresenceHub implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('Presence');
  private readonly replica = randomUUID();
  /** Every known entry, by application then connection (this replica's and the others'). */
  private readonly entries = new Map<string, Map<string, Entry>>();
  private readonly watchers = new Map<string, Watcher>();
  private client: pg.Client | undefined;
  private closed = false;
  private timers: NodeJS.Timeout[] = [];
  private retry: NodeJS.Timeout | undefined;

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly traffic: Traffic,
    private readonly repo: PresenceRepository,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.connect();
    this.timers = [
      setInterval(() => this.refresh(), REFRESH_MS),
      setInterval(() => this.ping(), PING_MS),
      // A draining replica hands its streams back: the apps reconnect to another one.
      setInterval(() => this.traffic.isDraining && this.endAll(), 500),
    ];
    for (const t of this.timers) t.unref();
  }

  async onModuleDestroy(): Promise<void> {
    this.closed = true;
    for (const t of this.timers) clearInterval(t);
    clearTimeout(this.retry);
    this.endAll();
    await this.client?.end().catch(() => undefined);
  }

  /** A person opened the application: they are told of the others now and at every change. */
  join(w: Omit<Watcher, 'connectionId'>): string {
    const connectionId = randomUUID();
    const watcher = { ...w, connectionId };
    this.watchers.set(connectionId, watcher);
    this.apply({ replica: this.replica, submissionId: w.submissionId, connectionId, op: 'here', ...present(w) });
    this.tell(watcher);
    return connectionId;
  }

  /** The person moved to another step; false when the connection is not theirs (or gone). */
  move(userId: string, submissionId: string, connectionId: string, step: string): boolean {
    const w = this.watchers.get(connectionId);
    if (!w || w.userId !== userId || w.submissionId !== submissionId) return false;
    w.step = step;
    this.apply({ replica: this.replica, submissionId, connectionId, op: 'here', ...present(w) });
    return true;
  }

  leave(connectionId: string): void {
    const w = this.watchers.get(connectionId);
    if (!w) return;
    this.watchers.delete(connectionId);
    this.apply({ replica: this.replica, submissionId: w.submissionId, connectionId, op: 'gone' });
  }

  /** This replica's change: applied here at once, then told to the other replicas. */
  private apply(change: Wire): void {
    this.receive(change);
    this.publish(change);
  }

  private publish(change: Wire): void {
    if (this.client) this.repo.notify(PRESENCE_CHANNEL, JSON.stringify(change)).catch(() => undefined);
  }

  private receive(change: Wire): void {
    let of = this.entries.get(change.submissionId);
    if (change.op === 'gone') {
      if (!of?.delete(change.connectionId)) return;
      if (!of.size) this.entries.delete(change.submissionId);
    } else {
      if (!of) this.entries.set(change.submissionId, (of = new Map()));
      const before = of.get(change.connectionId);
      of.set(change.connectionId, {
        connectionId: change.connectionId,
        replica: change.replica,
        userId: change.userId!,
        name: change.name!,
        step: change.step ?? null,
        at: Date.now(),
      });
      if (before && before.step === change.step) return;
    }
    for (const w of this.watchers.values()) if (w.submissionId === change.submissionId) this.tell(w);
  }

  /** The others with the application open, one line per person (their latest step). */
  private tell(w: Watcher): void {
    const people = new Map<string, Entry>();
    for (const e of this.entries.get(w.submissionId)?.values() ?? [])
      if (e.userId !== w.userId && (people.get(e.userId)?.at ?? 0) <= e.at) people.set(e.userId, e);
    const others = [...people.values()].map(present).sort((a, b) => a.name.localeCompare(b.name));
    const json = JSON.stringify(others);
    if (json === w.lastSent) return;
    w.lastSent = json;
    w.send(others);
  }

  private refresh(): void {
    const now = Date.now();
    for (const w of this.watchers.values()) {
      const own = this.entries.get(w.submissionId)?.get(w.connectionId);
      if (own) own.at = now;
      this.publish({ replica: this.replica, submissionId: w.submissionId, connectionId: w.connectionId, op: 'here', ...present(w) });
    }
    // Another replica's entries it stopped saying again (it stopped, or lost its connection).
    for (const [submissionId, of] of this.entries)
      for (const e of of.values())
        if (e.replica !== this.replica && now - e.at > EXPIRE_MS)
          this.receive({ replica: e.replica, submissionId, connectionId: e.connectionId, op: 'gone' });
  }

  private ping(): void {
    for (const w of this.watchers.values()) w.ping();
  }

  private endAll(): void {
    for (const w of [...this.watchers.values()]) {
      this.leave(w.connectionId);
      w.end();
    }
  }

  private async connect(): Promise<void> {
    if (this.closed) return;
    const pool = (this.db.driver as PostgresDriver).master as pg.Pool & { options: pg.ClientConfig };
    const client = new pg.Client(pool.options);
    client.on('notification', (n) => {
      try {
        const change = JSON.parse(n.payload ?? '') as Wire;
        if (change.replica !== this.replica) this.receive(change);
      } catch {
        // Not ours to read: ignored.
      }
    });
    client.on('error', (e) => this.lost(client, e));
    client.on('end', () => this.lost(client));
    try {
      await client.connect();
      await client.query(`LISTEN ${PRESENCE_CHANNEL}`);
      this.client = client;
    } catch (e) {
      this.lost(client, e);
    }
  }

  private lost(client: pg.Client, error?: unknown): void {
    if (this.client && client !== this.client) return;
    this.client = undefined;
    void client.end().catch(() => undefined);
    if (this.closed) return;
    this.logger.warn(`Presence listener lost${error ? ` (${String(error)})` : ''}; only this replica's streams are known until it is back`);
    this.retry = setTimeout(() => void this.connect(), RECONNECT_MS);
  }
}

function present(p: Present): Present {
  return { userId: p.userId, name: p.name, step: p.step };
}
