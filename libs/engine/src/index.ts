export * from './ruleset';
export * from './rng';
export * from './canonical';
export * from './play';
export * from './game';
