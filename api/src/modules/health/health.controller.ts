import { Controller, Get, Inject } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import {
  HealthCheck,
  HealthCheckService,
  HealthIndicatorService,
  type HealthCheckResult,
  type HealthIndicatorResult,
} from '@nestjs/terminus';
import { CacheInvalidation } from '../../database/shared-cache.js';
import { Sql } from '../../database/sql.js';
import { Traffic } from '../../common/lifecycle/traffic.js';
import { PdfRenderer, type PdfRendererStatus } from '../documents/pdf-renderer.js';
import { FILE_STORAGE, type FileStorage } from '../files/storage/file-storage.js';
import { Endpoint } from '../../common/http/endpoint.decorator.js';

const PING_TIMEOUT_MS = 3000;
/** The storage is asked at most this often (a health check may be polled many times a second). */
const STORAGE_CHECK_EVERY_MS = 10_000;

const messageOf = (e: unknown) => (e instanceof Error ? e.message : String(e));

/** The database and the file storage, up or down (any part down answers 503); `live` and `ready` apart for orchestrators. */
@ApiTags('Health')
@Controller('health')
export class HealthController {
  private storageCheck: { at: number; result: Promise<string | undefined> } | undefined;
  private ping: Promise<string | undefined> | undefined;

  constructor(
    private readonly health: HealthCheckService,
    private readonly indicators: HealthIndicatorService,
    private readonly sql: Sql,
    private readonly pdf: PdfRenderer,
    private readonly invalidation: CacheInvalidation,
    private readonly traffic: Traffic,
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
  ) {}

  @Get()
  @Endpoint(
    'health',
    'Liveness and readiness: the database and the file storage, each up or down; `pdf` reports the PDF renderer (Chromium) apart: without it only PDFs are unavailable',
    { access: { public: true } },
  )
  @HealthCheck()
  async check(): Promise<HealthCheckResult & { pdf: PdfRendererStatus }> {
    const pdf = this.pdf.check();
    const result = await this.health.check([() => this.pingDatabase(), () => this.checkStorage()]);
    return { ...result, pdf: await pdf };
  }

  @Get('live')
  @Endpoint('healthLive', 'Liveness: the process answers (nothing else is asked; restart the replica only when this fails)', {
    access: { public: true },
  })
  live(): { status: 'ok' } {
    return { status: 'ok' };
  }

  @Get('ready')
  @Endpoint(
    'healthReady',
    'Readiness for a load balancer: 503 while this replica shuts down (SIGTERM) or when the database or the file storage is down; 200 otherwise',
    { access: { public: true } },
  )
  @HealthCheck()
  async ready(): Promise<HealthCheckResult> {
    const shutdown = this.indicators.check('shutdown');
    return this.health.check([
      () => (this.traffic.isDraining ? shutdown.down({ message: 'shutting down' }) : shutdown.up()),
      () => this.pingDatabase(),
      () => this.checkStorage(),
    ]);
  }

  /**
   * `SELECT 1` with a plain timer (terminus's TypeORM ping costs several times the query's CPU); checks that arrive while
   * a ping is under way share its answer. The details say whether this replica hears the cache notifications.
   */
  private async pingDatabase(): Promise<HealthIndicatorResult<'database'>> {
    const session = this.indicators.check('database');
    const notifications = this.invalidation.isListening ? 'listening' : 'reconnecting';
    this.ping ??= this.pingOnce().finally(() => (this.ping = undefined));
    const problem = await this.ping;
    return problem === undefined ? session.up({ notifications }) : session.down({ message: problem, notifications });
  }

  /** One `SELECT 1`: undefined when it answered within PING_TIMEOUT_MS, else why not. */
  private pingOnce(): Promise<string | undefined> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`timeout of ${PING_TIMEOUT_MS}ms exceeded`)), PING_TIMEOUT_MS);
    });
    return Promise.race([this.sql.ping(), timeout])
      .then(() => undefined, messageOf)
      .finally(() => clearTimeout(timer));
  }

  /** Asks the storage about a key that never exists: an error means it cannot be reached. */
  private async checkStorage(): Promise<HealthIndicatorResult<'storage'>> {
    const session = this.indicators.check('storage');
    const now = Date.now();
    if (!this.storageCheck || now - this.storageCheck.at >= STORAGE_CHECK_EVERY_MS) {
      this.storageCheck = { at: now, result: this.storage.exists('health/probe').then(() => undefined, messageOf) };
    }
    const problem = await this.storageCheck.result;
    if (problem !== undefined) {
      // Asked again on the next check, not ten seconds later.
      this.storageCheck = undefined;
      return session.down({ kind: this.storage.kind, message: problem });
    }
    return session.up({ kind: this.storage.kind });
  }
}
