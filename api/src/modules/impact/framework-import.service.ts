import { Injectable } from '@nestjs/common';
import { FRAMEWORK_IMPORT_LIMITS, parseFrameworkSheet } from '@impact-calls/domain';
import type { EntityManager } from 'typeorm';
import type { ImpactFrameworkSummaryDto } from './dto/impact-framework.dto.js';
import { readFrameworkWorkbook } from './excel/read-workbook.js';
import { type ImportLimits, WorkbookRejected, workbookError } from './excel/xlsx-guard.js';
import { frameworkRejected, ImpactFrameworkService } from './impact-framework.service.js';

/** The Excel import: the hostile-file guard, exceljs in a bounded worker, the domain's row rules, then one transaction. */
@Injectable()
export class FrameworkImportService {
  /** Tests lower these to try the guards with small files. */
  limits: ImportLimits = { ...FRAMEWORK_IMPORT_LIMITS };

  constructor(private readonly frameworks: ImpactFrameworkService) {}

  async importWorkbook(
    input: { id?: string; name: string; description: string; buffer: Buffer },
    manager?: EntityManager,
  ): Promise<ImpactFrameworkSummaryDto> {
    const sheet = await readFrameworkWorkbook(input.buffer, this.limits).catch((e: unknown) => {
      throw e instanceof WorkbookRejected ? workbookError(e) : e;
    });
    const { content, issues, truncated } = parseFrameworkSheet(sheet);
    if (issues.length) throw frameworkRejected(issues, truncated);
    return this.frameworks.create({ ...input, content }, manager);
  }
}
