export * from './accounts';
export * from './game-events';
export * from './games.dto';
export * from './metadata';
export * from './text';
export * from './audit.dto';
export * from './realtime';
