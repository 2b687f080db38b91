import type { CreateGameDto } from '@warpgate/contracts';
import type { SettingSpec, SettingValue } from '@warpgate/engine';
import { useState } from 'preact/hooks';
import { api } from './api';
import { gamePath, navigate } from './router';
import { rulesets, turnWords } from './rulesets';
import type { RulesetInfo, Summary } from './types';
import { Alert, humanize, Loading, useAction, useResource } from './ui';

/** The ruleset chosen, and what choosing it sets (then changed by hand). */
interface Choice {
  rulesetId: string;
  settings: Record<string, SettingValue>;
  minPlayers: number;
  maxPlayers: number;
}

/** A ruleset chosen: its settings' defaults, and its players (8 at most, to begin with). */
const chosen = (r: RulesetInfo): Choice => ({
  rulesetId: r.id,
  settings: Object.fromEntries(r.settings.map((s) => [s.name, s.default])),
  minPlayers: r.players.min,
  maxPlayers: Math.min(r.players.max, 8),
});

/** One field for one of the ruleset's settings, as its spec describes it. */
function SettingField({
  spec,
  value,
  set,
}: {
  spec: SettingSpec;
  value: SettingValue;
  set: (v: SettingValue) => void;
}) {
  const help = `setting-${spec.name}-help`;
  const label = humanize(spec.name);
  let input;
  if (spec.type === 'bool')
    return (
      <div class="field">
        <label class="check">
          <input
            type="checkbox"
            name={spec.name}
            checked={value === true}
            aria-describedby={help}
            onChange={(e) => set(e.currentTarget.checked)}
          />
          {label}
        </label>
        <p id={help} class="help">
          {spec.help}
        </p>
      </div>
    );
  if (spec.type === 'enum')
    input = (
      <select
        name={spec.name}
        value={String(value)}
        aria-describedby={help}
        onChange={(e) => set(e.currentTarget.value)}
      >
        {spec.values.map((v) => (
          <option key={v}>{v}</option>
        ))}
      </select>
    );
  else
    input = (
      <input
        type="number"
        name={spec.name}
        required
        min={spec.min}
        max={spec.max}
        step={1}
        value={String(value)}
        aria-describedby={help}
        onInput={(e) => set(e.currentTarget.valueAsNumber)}
      />
    );
  return (
    <div class="field">
      <label>
        {label}
        {input}
      </label>
      <p id={help} class="help">
        {spec.help}
      </p>
    </div>
  );
}

/** Creating a game: the platform's options, then the ruleset's settings as `GET /rulesets` lists them. */
export function NewGamePage() {
  const known = useResource(rulesets, []);
  if (known.error) return <Alert>{known.error}</Alert>;
  if (!known.data) return <Loading what="rulesets" />;
  return <NewGameForm known={known.data} />;
}

/**
 * The form, the first ruleset chosen. A ruleset's defaults are set as it is chosen, so that nothing
 * typed after can be overwritten by them.
 */
function NewGameForm({ known }: { known: RulesetInfo[] }) {
  const [{ rulesetId, settings, minPlayers, maxPlayers }, setChoice] = useState(() => chosen(known[0]));
  const set = (change: Partial<Choice>) => setChoice((old) => ({ ...old, ...change }));
  const [name, setName] = useState('');
  const [minutes, setMinutes] = useState(1440);
  const [startRule, setStartRule] = useState<'manual' | 'when-full'>('manual');
  const [spectators, setSpectators] = useState<'public' | 'after-end' | 'none'>('public');
  const { busy, error, run } = useAction();
  const ruleset = known.find((r) => r.id === rulesetId)!;
  const { turn } = turnWords(ruleset);

  const submit = (e: Event) => {
    e.preventDefault();
    void run(async () => {
      const body: CreateGameDto = {
        ruleset: rulesetId,
        name,
        settings,
        minPlayers,
        maxPlayers,
        schedule: { kind: 'period', minutes },
        startRule,
        spectators,
      };
      const game = await api<Summary>('POST', '/games', body);
      navigate(gamePath(game.id));
    });
  };

  return (
    <section aria-labelledby="new-title" class="card narrow">
      <h1 id="new-title">New game</h1>
      <form onSubmit={submit} class="form">
        <label>
          Name
          <input
            name="game-name"
            required
            maxLength={60}
            value={name}
            onInput={(e) => setName(e.currentTarget.value)}
          />
        </label>
        <label>
          Ruleset
          <select
            name="ruleset"
            value={rulesetId}
            onChange={(e) => setChoice(chosen(known.find((r) => r.id === e.currentTarget.value)!))}
          >
            {known.map((r) => (
              <option key={r.id} value={r.id}>
                {r.title}
              </option>
            ))}
          </select>
        </label>
        <div class="row">
          <label>
            Fewest players
            <input
              type="number"
              name="min-players"
              min={ruleset.players.min}
              max={ruleset.players.max}
              value={minPlayers}
              onInput={(e) => set({ minPlayers: e.currentTarget.valueAsNumber })}
            />
          </label>
          <label>
            Most players
            <input
              type="number"
              name="max-players"
              min={ruleset.players.min}
              max={ruleset.players.max}
              value={maxPlayers}
              onInput={(e) => set({ maxPlayers: e.currentTarget.valueAsNumber })}
            />
          </label>
        </div>
        <div class="field">
          <label>
            Minutes per {turn}
            <input
              type="number"
              name="minutes"
              min={1}
              max={40320}
              value={minutes}
              aria-describedby="minutes-help"
              onInput={(e) => setMinutes(e.currentTarget.valueAsNumber)}
            />
          </label>
          <p id="minutes-help" class="help">
            A {turn} also ends as soon as every player is ready. 1440 is a day.
          </p>
        </div>
        <div class="row">
          <label>
            Start
            <select
              name="start-rule"
              value={startRule}
              onChange={(e) => setStartRule(e.currentTarget.value as typeof startRule)}
            >
              <option value="manual">When I start it</option>
              <option value="when-full">When it is full</option>
            </select>
          </label>
          <label>
            Spectators
            <select
              name="spectators"
              value={spectators}
              onChange={(e) => setSpectators(e.currentTarget.value as typeof spectators)}
            >
              <option value="public">Anyone may watch</option>
              <option value="after-end">Once it has ended</option>
              <option value="none">Nobody</option>
            </select>
          </label>
        </div>
        <fieldset>
          <legend>{ruleset.title} settings</legend>
          {ruleset.settings.map((spec) => (
            <SettingField
              key={`${ruleset.id}.${spec.name}`}
              spec={spec}
              value={settings[spec.name] ?? spec.default}
              set={(v) => setChoice((old) => ({ ...old, settings: { ...old.settings, [spec.name]: v } }))}
            />
          ))}
        </fieldset>
        <Alert>{error}</Alert>
        <button class="primary" type="submit" disabled={busy}>
          Create game
        </button>
      </form>
    </section>
  );
}
