import { Controller, Get, Header } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import { Metrics } from '@warpgate/platform';
import { Registry } from 'prom-client';

@ApiTags('health')
@Controller('metrics')
export class MetricsController {
  constructor(private readonly metrics: Metrics) {}

  @Get()
  @Header('Content-Type', Registry.PROMETHEUS_CONTENT_TYPE)
  @ApiProduces(Registry.PROMETHEUS_CONTENT_TYPE)
  @ApiOperation({ summary: 'Prometheus metrics of this process (and of its worker, with --with-worker)' })
  @ApiOkResponse({ description: 'the Prometheus text format', schema: { type: 'string' } })
  scrape() {
    return this.metrics.text();
  }
}
