import { Module } from '@nestjs/common';
import { Projector } from './projector';
import { Pushes } from './pushes';
import { ReadModels } from './read-models';
import { TurnJobs } from './turn-jobs';
import { TurnsProcessor } from './turns.processor';
import { WorkerMetrics } from './worker-metrics';

/** Turn deadlines and resolution (BullMQ), the projection into read models, pushes to the api's sockets. */
@Module({
  providers: [ReadModels, TurnJobs, TurnsProcessor, Projector, Pushes, WorkerMetrics],
})
export class WorkerModule {}
