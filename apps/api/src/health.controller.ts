import { Controller, Get, HttpStatus, Res } from '@nestjs/common';
import { ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { Health } from '@warpgate/platform';
import type { Response } from 'express';

@ApiTags('health')
@Controller('health')
export class HealthController {
  constructor(private readonly health: Health) {}

  @Get()
  @ApiOperation({ summary: 'The event store (reads and appends) and Redis, with latencies' })
  @ApiResponse({ status: 503, description: 'the store or Redis is down (status "degraded")' })
  async dependencies(@Res({ passthrough: true }) res: Response) {
    const { up, ...status } = await this.health.dependencies();
    res.status(up ? HttpStatus.OK : HttpStatus.SERVICE_UNAVAILABLE);
    return { status: up ? 'ok' : 'degraded', ...status };
  }

  @Get('live')
  @ApiOperation({ summary: 'Liveness: the process answers' })
  live() {
    return { status: 'ok' };
  }

  @Get('ready')
  @ApiOperation({
    summary: 'Readiness: the store and Redis answer, not shutting down, the read models not being rebuilt',
  })
  @ApiResponse({ status: 503, description: 'not ready: `waiting` says why' })
  async ready(@Res({ passthrough: true }) res: Response) {
    const readiness = await this.health.readiness();
    res.status(readiness.ready ? HttpStatus.OK : HttpStatus.SERVICE_UNAVAILABLE);
    return readiness;
  }
}
