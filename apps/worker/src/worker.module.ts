import { Module } from '@nestjs/common';

/** BullMQ processors: turn deadlines, resolution, projections, notifications. */
@Module({})
export class WorkerModule {}
