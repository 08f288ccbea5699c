import { Controller, Get, Header, Res } from '@nestjs/common';
import { ApiProduces, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { MetricsService } from './metrics.service.js';
import { Endpoint } from '../../common/http/endpoint.decorator.js';

@ApiTags('Health')
@Controller('metrics')
export class MetricsController {
  constructor(private readonly metrics: MetricsService) {}

  @Get()
  @Endpoint(
    'metrics',
    'Prometheus metrics of this replica (requests per route and status, database pool, e-mail queue, PDF renderer, caches, event-loop lag). Only for a scraper: METRICS_TOKEN as a bearer token, or an address in METRICS_NETWORKS (default: loopback)',
    { access: { metrics: true } },
  )
  @Header('Cache-Control', 'no-store')
  @ApiProduces('text/plain')
  async scrape(@Res() res: FastifyReply): Promise<void> {
    const text = await this.metrics.text();
    res.header('Content-Type', this.metrics.contentType);
    res.send(text);
  }
}
