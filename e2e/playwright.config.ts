import { defineConfig } from '@playwright/test';

const CI = !!process.env.CI;

/**
 * End-to-end tests against the BUILT product (`npm run build` first): global-setup starts
 * `node api/dist/main.js` on a free port with a fresh embedded PostgreSQL (or a scratch
 * database on DATABASE_URL) and demo content. Debian's Chromium drives it.
 * Tests tagged `@phone` also run on a 390x844 touch screen.
 */
export default defineConfig({
  testDir: '.',
  testMatch: '*.e2e.ts',
  outputDir: '../test-results/e2e',
  globalSetup: './global-setup.ts',
  fullyParallel: false,
  // One product, one database: tests that change shared state (the active branding
  // configuration) must not run beside tests that read it. One worker, files in order.
  workers: 1,
  retries: CI ? 1 : 0,
  forbidOnly: CI,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: CI ? [['list'], ['html', { open: 'never', outputFolder: '../test-results/e2e-report' }]] : [['list']],
  use: {
    headless: true,
    locale: 'it-IT',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--disable-dev-shm-usage',
      ],
    },
  },
  projects: [
    { name: 'desktop', use: { browserName: 'chromium', viewport: { width: 1366, height: 900 } } },
    {
      name: 'phone',
      grep: /@phone/,
      use: { browserName: 'chromium', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 },
    },
  ],
});
