import { DynamicModule, Module } from '@nestjs/common';
import { Config, PlatformModule } from '@warpgate/platform';
import { WorkerModule } from '../../worker/src/worker.module';
import { AccountsModule } from './accounts';
import { AuditController } from './games/audit.controller';
import { GamesController } from './games/games.controller';
import { HealthController } from './health.controller';
import { MetricsController } from './observability/metrics.controller';
import { ShutdownGateway } from './observability/shutdown.gateway';
import { Replays } from './games/replay';
import { ReplayController } from './games/replay.controller';
import { PushDelivery } from './realtime/push-delivery';
import { RealtimeGateway } from './realtime/realtime.gateway';
import { ReplayGateway } from './realtime/replay.gateway';
import { ReadModels } from '../../worker/src/read-models';

@Module({})
export class ApiModule {
  /** `withWorker` runs the worker in the same process: the embedded, single-machine setup. */
  static forRoot(config: Config, { withWorker }: { withWorker: boolean }): DynamicModule {
    return {
      module: ApiModule,
      imports: [PlatformModule.forRoot(config), AccountsModule, ...(withWorker ? [WorkerModule] : [])],
      controllers: [HealthController, MetricsController, GamesController, ReplayController, AuditController],
      providers: [ReadModels, PushDelivery, RealtimeGateway, Replays, ReplayGateway, ShutdownGateway],
    };
  }
}
