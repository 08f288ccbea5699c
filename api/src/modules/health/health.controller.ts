import { Controller, Get } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { HealthCheck, HealthCheckService, HealthIndicatorService, type HealthCheckResult, type HealthIndicatorResult } from '@nestjs/terminus';
import { Public } from '../../common/auth/access.decorator.js';
import { Sql } from '../../database/sql.js';

const PING_TIMEOUT_MS = 3000;

@ApiTags('Health')
@Controller('health')
export class HealthController {
  constructor(
    private readonly health: HealthCheckService,
    private readonly indicators: HealthIndicatorService,
    private readonly sql: Sql,
  ) {}

  @Get()
  @Public()
  @HealthCheck()
  @ApiOperation({ operationId: 'health', summary: 'Liveness and database check' })
  check(): Promise<HealthCheckResult> {
    return this.health.check([() => this.pingDatabase()]);
  }

  /**
   * `SELECT 1` on the pool with a plain timer: terminus's TypeORM ping does the same through a
   * query runner and two AbortSignals per call, several times the CPU of the query itself.
   */
  private async pingDatabase(): Promise<HealthIndicatorResult<'database'>> {
    const session = this.indicators.check('database');
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        this.sql.rows('health-ping', 'SELECT 1', []),
        new Promise((_, reject) => (timer = setTimeout(() => reject(new Error(`timeout of ${PING_TIMEOUT_MS}ms exceeded`)), PING_TIMEOUT_MS))),
      ]);
      return session.up();
    } catch (e) {
      return session.down({ message: e instanceof Error ? e.message : String(e) });
    } finally {
      clearTimeout(timer);
    }
  }
}
