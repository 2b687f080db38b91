/** Injection tokens of what PlatformModule provides. */
export const CONFIG = Symbol('Config');
export const EVENT_STORE = Symbol('EventStore');
export const REDIS = Symbol('Redis');
