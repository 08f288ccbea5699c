import { HttpStatus, Inject, Injectable, Logger, Module, type OnModuleDestroy } from '@nestjs/common';
import { access, constants } from 'node:fs/promises';
import type { Browser, HTTPRequest, Page } from 'puppeteer-core';
import { AppError } from '../../common/http/app-error.js';
import { SETTINGS, type Settings } from '../../config/settings.js';

/** No sandbox (the product may run as root in a container), no GPU, nothing that calls home, and no network. */
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
  // Every page in one renderer process (each page otherwise starts one, costing far more memory);
  // the pages run no script and load nothing, so sharing a process exposes nothing between PDFs.
  '--renderer-process-limit=1',
  // Every connection, loopback included, goes to a proxy that is not there: pages refuse requests
  // anyway, but Chromium also preconnects ahead of requests, and those must reach nothing.
  '--proxy-server=127.0.0.1:9',
  '--proxy-bypass-list=<-loopback>',
];

export const pdfUnavailable = (why = 'PDFs cannot be made right now') =>
  new AppError(HttpStatus.SERVICE_UNAVAILABLE, 'errors.pdf-unavailable', why);
export const pdfBusy = () =>
  new AppError(HttpStatus.SERVICE_UNAVAILABLE, 'errors.pdf-busy', 'Too many PDFs are being made right now: try again in a moment');

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

type HeldPage = { page: Page; browser: Browser; uses: number };

/** HTML to PDF with one headless Chromium; pages reused, at most PDF_CONCURRENCY, then a queue (503 errors.pdf-busy beyond). */
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
  private idle: HeldPage[] = [];

  constructor(@Inject(SETTINGS) private readonly settings: Settings) {}

  /** An A4 PDF of a complete HTML document, already escaped and sanitized; `footerHtml` is Chromium's footer template. */
  async render(html: string, options: { footerHtml?: string } = {}): Promise<Buffer> {
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
    const ms = this.settings.pdf.timeoutMs;
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(pdfUnavailable(`The PDF took longer than ${ms} ms`)), ms);
    });
    try {
      return await Promise.race([work, late]);
    } finally {
      clearTimeout(timer);
    }
  }

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
      const { default: puppeteer } = await import('puppeteer-core');
      const browser = await puppeteer.launch({
        executablePath: this.settings.chromiumPath,
        headless: true,
        args: CHROMIUM_ARGS,
        timeout: 20_000,
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

  /** A free page of the running browser, else a new one made ready (making a page costs more than printing a short PDF). */
  private async takePage(retry = true): Promise<HeldPage> {
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
      // Only inline data. A refused navigation (<meta http-equiv=refresh>) is aborted, not blocked:
      // a blocked one is replaced by an error page, which in the shared renderer comes before the print.
      const allowed = request.url().startsWith('data:');
      const refusal = request.isNavigationRequest() ? 'aborted' : 'blockedbyclient';
      (allowed ? request.continue() : request.abort(refusal)).catch(() => undefined);
    });
    return { page, browser, uses: 0 };
  }

  /** A page back to the free ones after a PDF; closed instead after an error, after PAGE_USES PDFs, or when its browser is gone. */
  private givePage(held: HeldPage, healthy: boolean): void {
    held.uses++;
    if (healthy && !this.closing && held.uses < PAGE_USES && held.browser === this.browser && held.browser.connected) {
      this.idle.push(held);
    } else {
      void held.page.close().catch(() => undefined);
    }
  }

  private async renderOnPage(html: string, options: { footerHtml?: string }): Promise<Buffer> {
    let held: HeldPage | undefined;
    let healthy = false;
    try {
      held = await this.takePage();
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
      if (held) this.givePage(held, healthy);
    }
  }
}

@Module({ providers: [PdfRenderer], exports: [PdfRenderer] })
export class PdfRendererModule {}
