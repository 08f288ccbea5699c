import { Injectable } from '@nestjs/common';
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { CacheInvalidation } from '../../database/shared-cache.js';
import { Sql } from '../../database/sql.js';
import { Traffic } from '../../common/lifecycle/traffic.js';
import { PdfRenderer } from '../documents/pdf-renderer.js';
import { MetricsRepository } from './metrics.repository.js';

const MESSAGE_STATES = ['queued', 'sending', 'retrying', 'failed'] as const;

/**
 * `GET /api/metrics` in Prometheus' text format: requests per route and status with
 * their durations, the database pool, the e-mail queue, the PDF renderer, the caches, and
 * Node's own (event-loop lag, heap, CPU). One registry per application, so two in one process
 * (the tests) do not mix.
 */
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
    new Gauge({
      name: 'http_requests_in_flight',
      help: 'Requests being answered now',
      registers,
      collect() {
        this.set(traffic.requestsInFlight);
      },
    });
    new Gauge({
      name: 'app_draining',
      help: '1 while this replica shuts down (not ready)',
      registers,
      collect() {
        this.set(traffic.isDraining ? 1 : 0);
      },
    });
    new Gauge({
      name: 'db_pool_connections',
      help: 'Database connection pool: total, idle, in use, and requests waiting for a connection',
      labelNames: ['state'],
      registers,
      collect() {
        const c = sql.poolCounts();
        this.set({ state: 'total' }, c.total);
        this.set({ state: 'idle' }, c.idle);
        this.set({ state: 'in_use' }, c.total - c.idle);
        this.set({ state: 'waiting' }, c.waiting);
      },
    });
    new Gauge({
      name: 'messages_queue',
      help: 'E-mails by state: queued, sending, retrying (the queue depth) and failed for good',
      labelNames: ['state'],
      registers,
      async collect() {
        const counts = new Map((await repo.messagesByState()).map((r) => [r.state, r.count]));
        for (const state of MESSAGE_STATES) this.set({ state }, counts.get(state) ?? 0);
      },
    });
    new Gauge({
      name: 'pdf_renderer',
      help: 'PDF renderer (Chromium): pages in use, PDFs waiting, PDFs made and browser restarts since start',
      labelNames: ['state'],
      registers,
      collect() {
        const s = pdf.status();
        this.set({ state: 'in_use' }, s.pagesInUse);
        this.set({ state: 'queued' }, s.queued);
        this.set({ state: 'rendered' }, s.rendered);
        this.set({ state: 'restarts' }, s.restarts);
      },
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
