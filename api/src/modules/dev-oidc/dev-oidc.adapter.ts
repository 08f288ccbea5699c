import type { Adapter, AdapterPayload } from 'oidc-provider';

interface Entry {
  payload: AdapterPayload;
  expiresAt: number;
}

/** At most this many live records per model (codes, sessions, ...); the oldest go first. */
const MAX_PER_MODEL = 20_000;
const stores = new Map<string, Map<string, Entry>>();

/**
 * The embedded provider's storage: in memory, for development and demos only (a restart
 * signs everyone out of the provider, never out of the product, whose tokens are its own).
 * Accounts are not here: they are app_user rows.
 */
export class DevOidcMemoryAdapter implements Adapter {
  private readonly store: Map<string, Entry>;

  constructor(private readonly model: string) {
    let store = stores.get(model);
    if (!store) stores.set(model, (store = new Map()));
    this.store = store;
  }

  private live(id: string): Entry | undefined {
    const entry = this.store.get(id);
    if (entry && entry.expiresAt <= Date.now()) {
      this.store.delete(id);
      return undefined;
    }
    return entry;
  }

  upsert(id: string, payload: AdapterPayload, expiresIn?: number): Promise<void> {
    if (this.store.size >= MAX_PER_MODEL && !this.store.has(id)) {
      const now = Date.now();
      for (const [key, entry] of this.store) if (entry.expiresAt <= now) this.store.delete(key);
      while (this.store.size >= MAX_PER_MODEL) this.store.delete(this.store.keys().next().value!);
    }
    this.store.set(id, { payload, expiresAt: expiresIn ? Date.now() + expiresIn * 1000 : Number.POSITIVE_INFINITY });
    return Promise.resolve();
  }

  find(id: string): Promise<AdapterPayload | undefined> {
    return Promise.resolve(this.live(id)?.payload);
  }

  findByUid(uid: string): Promise<AdapterPayload | undefined> {
    for (const [id, entry] of this.store) if (entry.payload.uid === uid) return this.find(id);
    return Promise.resolve(undefined);
  }

  findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
    for (const [id, entry] of this.store) if (entry.payload.userCode === userCode) return this.find(id);
    return Promise.resolve(undefined);
  }

  consume(id: string): Promise<void> {
    const entry = this.live(id);
    if (entry) entry.payload.consumed = Math.floor(Date.now() / 1000);
    return Promise.resolve();
  }

  destroy(id: string): Promise<void> {
    this.store.delete(id);
    return Promise.resolve();
  }

  revokeByGrantId(grantId: string): Promise<void> {
    for (const store of stores.values()) for (const [id, entry] of store) if (entry.payload.grantId === grantId) store.delete(id);
    return Promise.resolve();
  }
}
