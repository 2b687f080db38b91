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

/** What a ruleset's book calls a turn, as written in a sentence and at its start. */
export interface TurnWords {
  turn: string;
  Turn: string;
}

/** 'turn' / 'Turn', Space Farce's 'month' / 'Month'; 'turn' for a ruleset this client does not know. */
export function turnWords(ruleset: RulesetInfo | undefined): TurnWords {
  const turn = ruleset?.turnName ?? 'turn';
  return { turn, Turn: turn[0].toUpperCase() + turn.slice(1) };
}
