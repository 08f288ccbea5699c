import pg from 'pg';

/** Creates a fresh, empty database on the test server; answers its URL and how to drop it. */
export async function createScratchDatabase(prefix = 'ic_scratch'): Promise<{ url: string; drop(): Promise<void> }> {
  const serverUrl = process.env.TEST_SERVER_URL!;
  const name = `${prefix}_${process.pid}_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}
