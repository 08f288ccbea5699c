import { Module } from '@nestjs/common';
import { TerminusModule } from '@nestjs/terminus';
import { PdfRendererModule } from '../documents/pdf-renderer.js';
import { HealthController } from './health.controller.js';

@Module({ imports: [TerminusModule.forRoot({ logger: false }), PdfRendererModule], controllers: [HealthController] })
export class HealthModule {}
