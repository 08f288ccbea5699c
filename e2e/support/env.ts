/** What global-setup tells the tests (through the environment, inherited by workers). */
export const E2E = {
  get baseURL(): string {
    const url = process.env.E2E_BASE_URL;
    if (!url) throw new Error('E2E_BASE_URL is not set: run the tests through e2e/playwright.config.ts (global-setup starts the product)');
    return url;
  },
  /** The product's data folder (jwt-secret lives there); unset when testing an external server. */
  get dataDir(): string | undefined {
    return process.env.E2E_DATA_DIR || undefined;
  },
  /** A connection string to the product's database, for test fixtures that need it. */
  get databaseUrl(): string | undefined {
    return process.env.E2E_DATABASE_URL || undefined;
  },
};
