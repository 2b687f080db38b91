export * from './config';
export * from './redis';
export * from './platform.module';
export * from './game-store';
export * from './tokens';
export * from './rate-limit';
export * from './write-health';
