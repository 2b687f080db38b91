import { Controller, Get, HttpStatus, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { Health } from '@warpgate/platform';
import type { Response } from 'express';
import { DependenciesAnswer, LiveAnswer, ReadinessAnswer } from './observability/answers';

@ApiTags('health')
@Controller('health')
export class HealthController {
  constructor(private readonly health: Health) {}

  @Get()
  @ApiOperation({ summary: 'The event store (reads and appends) and Redis, with latencies' })
  @ApiOkResponse({ type: DependenciesAnswer })
  @ApiResponse({
    status: 503,
    description: 'the store or Redis is down (status "degraded")',
    type: DependenciesAnswer,
  })
  async dependencies(@Res({ passthrough: true }) res: Response) {
    const { up, ...status } = await this.health.dependencies();
    res.status(up ? HttpStatus.OK : HttpStatus.SERVICE_UNAVAILABLE);
    return { status: up ? 'ok' : 'degraded', ...status };
  }

  @Get('live')
  @ApiOkResponse({ type: LiveAnswer })
  @ApiOperation({ summary: 'Liveness: the process answers' })
  live() {
    return { status: 'ok' };
  }

  @Get('ready')
  @ApiOperation({
    summary: 'Readiness: the store and Redis answer, not shutting down, the read models not being rebuilt',
  })
  @ApiOkResponse({ type: ReadinessAnswer })
  @ApiResponse({ status: 503, description: 'not ready: `waiting` says why', type: ReadinessAnswer })
  async ready(@Res({ passthrough: true }) res: Response) {
    const readiness = await this.health.readiness();
    res.status(readiness.ready ? HttpStatus.OK : HttpStatus.SERVICE_UNAVAILABLE);
    return readiness;
  }
}
