import { api } from './api';
import type { RulesetInfo } from './types';

let loading: Promise<RulesetInfo[]> | undefined;

/** `GET /rulesets`, asked once: they change only with a new server. */
export function rulesets(): Promise<RulesetInfo[]> {
  loading ??= api<RulesetInfo[]>('GET', '/rulesets').catch((e: unknown) => {
    loading = undefined;
    throw e;
  });
  return loading;
}
