import { Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { DemoContentService } from './demo-content.service.js';

@Module({ imports: [DiscoveryModule], providers: [DemoContentService], exports: [DemoContentService] })
export class DemoModule {}
