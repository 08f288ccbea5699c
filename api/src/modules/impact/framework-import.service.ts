import { HttpStatus, Injectable } from '@nestjs/common';
import { FRAMEWORK_IMPORT_LIMITS, parseFrameworkSheet } from '@impact-calls/domain';
import type { EntityManager } from 'typeorm';
import { AppError } from '../../common/http/app-error.js';
import type { ImpactFrameworkSummaryDto } from './dto/impact-framework.dto.js';
import { readFrameworkWorkbook } from './excel/read-workbook.js';
import { type ImportLimits, WorkbookRejected } from './excel/xlsx-guard.js';
import { frameworkRejected, ImpactFrameworkService } from './impact-framework.service.js';

/**
 * The Excel import: the hostile-file guard, exceljs in a bounded worker, the domain's row
 * rules (each problem named by sheet, row and column), then one transaction. Nothing is
 * saved unless every rule holds.
 */
@Injectable()
export class FrameworkImportService {
  /** Tests lower these to try the guards with small files. */
  limits: ImportLimits = { ...FRAMEWORK_IMPORT_LIMITS };

  constructor(private readonly frameworks: ImpactFrameworkService) {}

  async importWorkbook(
    input: { id?: string; name: string; description: string; buffer: Buffer },
    manager?: EntityManager,
  ): Promise<ImpactFrameworkSummaryDto> {
    let sheet;
    try {
      sheet = await readFrameworkWorkbook(input.buffer, this.limits);
    } catch (e) {
      if (!(e instanceof WorkbookRejected)) throw e;
      const status = e.key === 'errors.impact.file-too-large' ? HttpStatus.PAYLOAD_TOO_LARGE : HttpStatus.BAD_REQUEST;
      throw new AppError(status, e.key, e.message, { issues: [{ key: e.key, params: e.params, message: e.message }], truncated: false });
    }
    const { content, issues, truncated } = parseFrameworkSheet(sheet);
    if (issues.length) throw frameworkRejected(issues, truncated);
    return this.frameworks.create({ id: input.id, name: input.name, description: input.description, content }, manager);
  }
}
