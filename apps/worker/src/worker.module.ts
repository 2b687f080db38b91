import { Module } from '@nestjs/common';
import { CONFIG, REDIS } from '@warpgate/platform';
import { createEmitter, EMITTER } from './emitter';
import { Projector } from './projector';
import { ReadModels } from './read-models';
import { TurnJobs } from './turn-jobs';
import { TurnsProcessor } from './turns.processor';

/** Turn deadlines and resolution (BullMQ), the projection into read models, pushes to Socket.IO. */
@Module({
  providers: [
    ReadModels,
    TurnJobs,
    TurnsProcessor,
    Projector,
    { provide: EMITTER, inject: [REDIS, CONFIG], useFactory: createEmitter },
  ],
})
export class WorkerModule {}
