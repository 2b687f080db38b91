export * from './game';
export * from './decide';
export * from './resolve';
export * from './schedule';
export * from './verify';
export * from './versions';
export * from './disputes';
export * from './audit';
