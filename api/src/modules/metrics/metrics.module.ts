import { Module } from '@nestjs/common';
import { PdfRendererModule } from '../documents/pdf-renderer.js';
import { MetricsController } from './metrics.controller.js';
import { MetricsRepository } from './metrics.repository.js';
import { MetricsService } from './metrics.service.js';

@Module({
  imports: [PdfRendererModule],
  controllers: [MetricsController],
  providers: [MetricsService, MetricsRepository],
  exports: [MetricsService],
})
export class MetricsModule {}
