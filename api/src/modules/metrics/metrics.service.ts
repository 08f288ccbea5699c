import { Injectable } from '@nestjs/common';
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { CacheInvalidation } from '../../database/shared-cache.js';
import { Sql } from '../../database/sql.js';
import { Traffic } from '../../common/lifecycle/traffic.js';
import { PdfRenderer } from '../documents/pdf-renderer.js';
import { MetricsRepository, UNSENT_STATES } from './metrics.repository.js';

/** `GET /api/metrics` in Prometheus' text format; one registry per application, so two in one process (the tests) do not mix. */
@Injectable()
export class MetricsService {
  readonly registry = new Registry();
  private readonly requests: Histogram<'method' | 'route' | 'status'>;

  constructor(sql: Sql, traffic: Traffic, invalidation: CacheInvalidation, pdf: PdfRenderer, repo: MetricsRepository) {
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry });
    this.requests = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'API requests by route pattern, method and status: count and duration',
      labelNames: ['method', 'route', 'status'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    });
    /** A gauge of one figure, or of one figure per state (`read` answers them by state, in the order they are listed). */
    const gauge = (name: string, help: string, read: () => number | Record<string, number> | Promise<Record<string, number>>) =>
      new Gauge({
        name,
        help,
        labelNames: ['state'],
        registers,
        async collect() {
          const value = await read();
          if (typeof value === 'number') this.set(value);
          else for (const [state, n] of Object.entries(value)) this.set({ state }, n);
        },
      });
    gauge('http_requests_in_flight', 'Requests being answered now', () => traffic.requestsInFlight);
    gauge('app_draining', '1 while this replica shuts down (not ready)', () => (traffic.isDraining ? 1 : 0));
    gauge('db_pool_connections', 'Database connection pool: total, idle, in use, and requests waiting for a connection', () => {
      const c = sql.poolCounts();
      return { total: c.total, idle: c.idle, in_use: c.total - c.idle, waiting: c.waiting };
    });
    gauge('messages_queue', 'E-mails by state: queued, sending, retrying (the queue depth) and failed for good', async () => {
      const counts = new Map((await repo.messagesByState()).map((r) => [r.state, r.count]));
      return Object.fromEntries(UNSENT_STATES.map((state) => [state, counts.get(state) ?? 0]));
    });
    gauge('pdf_renderer', 'PDF renderer (Chromium): pages in use, PDFs waiting, PDFs made and browser restarts since start', () => {
      const s = pdf.status();
      return { in_use: s.pagesInUse, queued: s.queued, rendered: s.rendered, restarts: s.restarts };
    });
    const cacheCounter = (name: 'hits' | 'misses') =>
      new Counter({
        name: `cache_${name}_total`,
        help: `Reads answered ${name === 'hits' ? 'from' : 'outside'} the in-process caches, per cache (hit ratio: hits / (hits + misses))`,
        labelNames: ['cache'],
        registers,
        collect() {
          this.reset();
          for (const c of invalidation.stats()) this.inc({ cache: c.topic }, c[name]);
        },
      });
    cacheCounter('hits');
    cacheCounter('misses');
  }

  /** Fastify's onResponse hook: times every request; the label is the route's pattern (never the raw URL, which has ids). */
  readonly onResponse = (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction): void => {
    const route = request.is404 ? undefined : request.routeOptions.url;
    const label = route ?? (reply.statusCode === 404 ? 'unmatched' : 'other');
    this.requests.observe({ method: request.method, route: label, status: String(reply.statusCode) }, reply.elapsedTime / 1000);
    done();
  };

  text(): Promise<string> {
    return this.registry.metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }
}
