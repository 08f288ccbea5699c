import { HttpStatus, Inject, Injectable, Logger, Module, type OnModuleDestroy } from '@nestjs/common';
import { access, constants } from 'node:fs/promises';
import type { Browser, HTTPRequest, Page } from 'puppeteer-core';
import { AppError } from '../../common/http/app-error.js';
import { SETTINGS, type Settings } from '../../config/settings.js';

/**
 * Chromium's flags: those of the end-to-end tests (e2e/playwright.config.ts) and of this
 * machine kind's notes: no sandbox (the product may run as root in a container), no GPU,
 * nothing that calls home (background networking, component updates, sync), and no network.
 */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
  '--disable-quic',
  '--disable-extensions',
  '--disable-default-apps',
  '--no-first-run',
  '--mute-audio',
  // Every page in one renderer process: pages are made as PDFs are asked for (up to
  // PDF_CONCURRENCY), and each new page otherwise started a renderer of its own (measured: 20
  // PDFs at once grew Chromium's RSS by 500 MB with 3 pages, 70 MB with this flag). The pages
  // run no script and load nothing, so sharing a process exposes nothing between PDFs.
  '--renderer-process-limit=1',
  // Every connection Chromium would open goes to a proxy that is not there (the discard port),
  // loopback included: requests are refused by the page's interception anyway, but Chromium
  // also preconnects (opens TCP connections ahead of requests), and those must reach nothing.
  '--proxy-server=127.0.0.1:9',
  '--proxy-bypass-list=<-loopback>',
];

export const pdfUnavailable = (why = 'PDFs cannot be made right now') =>
  new AppError(HttpStatus.SERVICE_UNAVAILABLE, 'errors.pdf-unavailable', why);
export const pdfBusy = () =>
  new AppError(HttpStatus.SERVICE_UNAVAILABLE, 'errors.pdf-busy', 'Too many PDFs are being made right now: try again in a moment');

export interface PdfOptions {
  /** Footer HTML (Chromium's footer template: `pageNumber`, `totalPages` classes are filled in). */
  footerHtml?: string;
}

export interface PdfRendererStatus {
  /** up: Chromium runs or can start; down: it cannot (missing, or it failed to start). */
  status: 'up' | 'down';
  browser: 'running' | 'stopped';
  executable: string;
  pagesInUse: number;
  queued: number;
  rendered: number;
  restarts: number;
  message?: string;
}

/** A launch failure is remembered this long: requests in between fail at once instead of each trying. */
const RETRY_AFTER_MS = 5000;
/** A reused page is closed after this many PDFs (and a new one made): whatever a page accumulates stays bounded. */
const PAGE_USES = 200;

/**
 * HTML to PDF with headless Chromium through puppeteer-core (architecture: "one browser is
 * reused; the page may load nothing"). One browser, started on first use and again if it
 * dies; pages with JavaScript off and every request but `data:` refused, reused from PDF to
 * PDF (at most `PDF_CONCURRENCY`, as many as print at once), later requests wait in a queue of `PDF_QUEUE_MAX`
 * (503 errors.pdf-busy beyond it); without Chromium, 503 errors.pdf-unavailable.
 */
@Injectable()
export class PdfRenderer implements OnModuleDestroy {
  private readonly logger = new Logger('PdfRenderer');
  private browser: Browser | undefined;
  private launching: Promise<Browser> | undefined;
  private failure: { at: number; message: string } | undefined;
  private active = 0;
  private readonly waiting: (() => void)[] = [];
  private rendered = 0;
  private restarts = 0;
  private closing = false;
  private launched = false;
  /** Pages made ready (JavaScript off, requests refused) and free to print again, each with its uses so far. */
  private idle: { page: Page; browser: Browser; uses: number }[] = [];

  constructor(@Inject(SETTINGS) private readonly settings: Settings) {}

  /** Renders a complete HTML document (already safe: escaped and sanitized) to an A4 PDF. */
  async render(html: string, options: PdfOptions = {}): Promise<Buffer> {
    await this.acquire();
    try {
      return await this.withTimeout(this.renderOnPage(html, options));
    } finally {
      this.release();
    }
  }

  /** Starts Chromium when it does not run yet; 503 errors.pdf-unavailable when it cannot. */
  async ready(): Promise<void> {
    await this.getBrowser();
  }

  status(): PdfRendererStatus {
    const down = this.failure && Date.now() - this.failure.at < RETRY_AFTER_MS * 12;
    return {
      status: down ? 'down' : 'up',
      browser: this.browser?.connected ? 'running' : 'stopped',
      executable: this.settings.chromiumPath,
      pagesInUse: this.active,
      queued: this.waiting.length,
      rendered: this.rendered,
      restarts: this.restarts,
      ...(down ? { message: this.failure!.message } : {}),
    };
  }

  /** For /api/health: the status, after checking that the executable is there when no browser runs yet. */
  async check(): Promise<PdfRendererStatus> {
    if (!this.browser?.connected && !this.failure) {
      try {
        await access(this.settings.chromiumPath, constants.X_OK);
      } catch {
        return { ...this.status(), status: 'down', message: `${this.settings.chromiumPath} is not an executable` };
      }
    }
    return this.status();
  }

  async onModuleDestroy(): Promise<void> {
    this.closing = true;
    this.idle = [];
    const browser = this.browser ?? (await this.launching?.catch(() => undefined));
    this.browser = undefined;
    await browser?.close().catch(() => undefined);
  }

  // ------------------------------------------------------------------ the page pool

  private acquire(): Promise<void> {
    if (this.active < this.settings.pdf.concurrency) {
      this.active++;
      return Promise.resolve();
    }
    if (this.waiting.length >= this.settings.pdf.queueMax) return Promise.reject(pdfBusy());
    // The slot is handed over by release(): `active` stays counted.
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  private release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.active--;
  }

  private async withTimeout<T>(work: Promise<T>): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    try {
      return await Promise.race([
        work,
        new Promise<never>((_, reject) => {
          timer = setTimeout(
            () => reject(pdfUnavailable(`The PDF took longer than ${this.settings.pdf.timeoutMs} ms`)),
            this.settings.pdf.timeoutMs,
          );
        }),
      ]);
    } finally {
      clearTimeout(timer);
    }
  }

  // ------------------------------------------------------------------ the browser

  private async getBrowser(): Promise<Browser> {
    if (this.browser?.connected) return this.browser;
    if (this.closing) throw pdfUnavailable('The product is stopping');
    if (this.failure && Date.now() - this.failure.at < RETRY_AFTER_MS) throw pdfUnavailable(this.failure.message);
    this.launching ??= this.launch().finally(() => (this.launching = undefined));
    return this.launching;
  }

  private async launch(): Promise<Browser> {
    const started = Date.now();
    try {
      if (this.launched) this.restarts++;
      // Loaded when the first PDF is rendered, not at start.
      const { default: puppeteer } = await import('puppeteer-core');
      const browser = await puppeteer.launch({
        executablePath: this.settings.chromiumPath,
        headless: true,
        args: CHROMIUM_ARGS,
        timeout: 20_000,
        // Chromium's own output is not ours to log (Debian's wrapper prints a harmless line).
        dumpio: false,
      });
      browser.on('disconnected', () => {
        if (this.browser === browser) this.browser = undefined;
        if (!this.closing) this.logger.warn('Chromium went away: it starts again with the next PDF');
      });
      this.browser = browser;
      this.launched = true;
      this.failure = undefined;
      this.logger.log(`Chromium started in ${Date.now() - started} ms (${await browser.version()})`);
      return browser;
    } catch (e) {
      const message = `Chromium could not start from ${this.settings.chromiumPath}: ${e instanceof Error ? e.message.split('\n')[0] : String(e)}`;
      this.failure = { at: Date.now(), message };
      this.logger.error(message);
      throw pdfUnavailable(message);
    }
  }

  /**
   * A page ready to print: a free one of the running browser, else a new one made ready
   * (JavaScript off, every request but `data:` refused). Making a page costs more than printing
   * a short document (measured: about 200 ms of a one-line PDF's 300 on a busy machine), so
   * pages are kept and reused: at most `PDF_CONCURRENCY` exist, as many as print at once.
   */
  private async takePage(retry = true): Promise<{ page: Page; browser: Browser; uses: number }> {
    const browser = await this.getBrowser();
    for (let free = this.idle.pop(); free; free = this.idle.pop()) {
      if (free.browser === browser && !free.page.isClosed()) return free;
      void free.page.close().catch(() => undefined);
    }
    let page: Page;
    try {
      page = await browser.newPage();
    } catch (e) {
      if (e instanceof AppError || !retry) throw e;
      // The browser died between the check and the page: start it again, once.
      if (this.browser === browser) this.browser = undefined;
      return this.takePage(false);
    }
    try {
      await page.setJavaScriptEnabled(false);
      await page.setRequestInterception(true);
    } catch (e) {
      void page.close().catch(() => undefined);
      throw e;
    }
    page.on('request', (request: HTTPRequest) => {
      if (request.isInterceptResolutionHandled()) return;
      // Nothing from the network or the file system: only inline data (images as data: URLs).
      // A refused navigation (a <meta http-equiv=refresh>) is aborted, not blocked: Chromium
      // replaces the document with an error page for a blocked one, and with all pages in one
      // renderer process that replacement comes before the PDF is printed.
      const allowed = request.url().startsWith('data:');
      const refusal = request.isNavigationRequest() ? 'aborted' : 'blockedbyclient';
      (allowed ? request.continue() : request.abort(refusal)).catch(() => undefined);
    });
    return { page, browser, uses: 0 };
  }

  /** A page back to the free ones after a PDF; closed instead after an error, after PAGE_USES PDFs, or when its browser is gone. */
  private givePage(held: { page: Page; browser: Browser; uses: number }, healthy: boolean): void {
    held.uses++;
    if (healthy && !this.closing && held.uses < PAGE_USES && held.browser === this.browser && held.browser.connected) {
      this.idle.push(held);
    } else {
      void held.page.close().catch(() => undefined);
    }
  }

  private async renderOnPage(html: string, options: PdfOptions): Promise<Buffer> {
    const held = await this.takePage().catch((e: unknown) => {
      if (e instanceof AppError) throw e;
      if (!this.browser?.connected) throw pdfUnavailable('Chromium went away while making the PDF');
      throw e;
    });
    let healthy = false;
    try {
      const { page } = held;
      // The whole document is replaced: nothing of the previous PDF stays (no script runs to keep anything).
      await page.setContent(html, { waitUntil: 'load', timeout: this.settings.pdf.timeoutMs });
      const pdf = await page.pdf({
        format: 'A4',
        printBackground: true,
        margin: { top: '20mm', right: '20mm', bottom: '20mm', left: '20mm' },
        displayHeaderFooter: !!options.footerHtml,
        headerTemplate: '<span></span>',
        footerTemplate: options.footerHtml ?? '<span></span>',
        timeout: this.settings.pdf.timeoutMs,
      });
      this.rendered++;
      healthy = true;
      return Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength);
    } catch (e) {
      if (e instanceof AppError) throw e;
      if (!this.browser?.connected) throw pdfUnavailable('Chromium went away while making the PDF');
      throw e;
    } finally {
      // A page that failed (or timed out: the race in render() may still hold it) is not reused.
      this.givePage(held, healthy);
    }
  }
}

/** The renderer alone, for the documents module and the health check. */
@Module({ providers: [PdfRenderer], exports: [PdfRenderer] })
export class PdfRendererModule {}
