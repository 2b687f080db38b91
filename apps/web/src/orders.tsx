import type { Diagnostic, OrderTypeSpec } from '@warpgate/engine';
import type { ComponentChildren } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import { api, errorText } from './api';
import { turnWords } from './rulesets';
import type { Checked, MyOrders, RulesetInfo, Summary } from './types';
import { Alert, humanize, useAction, useDebounced } from './ui';

/** Yes or no: an enum field without values (Galaxy's option on or off). */
const YES_NO = ['yes', 'no'];

/**
 * The order a form's fields make, in the JSON form of its type: numbers as numbers (or a word the
 * rulebook reads in place of one, as typed), a yes-or-no as a boolean; an optional field left blank
 * is left out. The api writes it as rulebook text.
 */
function orderOf(spec: OrderTypeSpec, values: string[]): Record<string, unknown> {
  const order: Record<string, unknown> = { type: spec.name };
  spec.args.forEach((arg, i) => {
    const value = (values[i] ?? '').trim();
    if (arg.optional && value === '') return;
    if (arg.type === 'int' || arg.type === 'world') {
      const word = arg.words?.find((w) => w.toUpperCase() === value.toUpperCase());
      order[arg.name] = word ?? Number(value);
    } else if (arg.type === 'enum' && !arg.values) order[arg.name] = value === 'yes';
    else order[arg.name] = value;
  });
  return order;
}

/** Only order types whose example is one line get a form: a message's text runs over several. */
const formable = (spec: OrderTypeSpec) => !spec.example.includes('\n');

/** Where the map's pick goes: the world (or planet) field that last had the focus. */
export interface PickTarget {
  fill: (value: string) => void;
}

function OrderForm({
  ruleset,
  empires,
  addLine,
  armPick,
}: {
  ruleset: RulesetInfo;
  empires: string[];
  addLine: (line: string) => void;
  armPick: (target: PickTarget | null) => void;
}) {
  const specs = ruleset.orderTypes.filter(formable);
  const [name, setName] = useState(specs[0]?.name ?? '');
  const [values, setValues] = useState<string[]>([]);
  const [problems, setProblems] = useState<Diagnostic[]>([]);
  const { busy, error, run } = useAction();
  const chosen = specs.find((spec) => spec.name === name) ?? specs[0];
  useEffect(() => {
    setValues(
      chosen
        ? chosen.args.map((a) =>
            a.optional ? '' : ((a.values ?? (a.type === 'enum' ? YES_NO : []))[0] ?? ''),
          )
        : [],
    );
    setProblems([]);
  }, [chosen?.name]);
  if (!chosen) return null;
  const set = (i: number, v: string) => setValues((old) => old.map((x, j) => (j === i ? v : x)));

  return (
    <form
      class="order-form"
      aria-label="Add an order"
      onSubmit={(e) => {
        e.preventDefault();
        void run(async () => {
          const written = await api<{ text: string; diagnostics: Diagnostic[] }>(
            'POST',
            `/rulesets/${ruleset.id}/orders/format`,
            { orders: [orderOf(chosen, values)] },
          );
          setProblems(written.diagnostics);
          if (!written.diagnostics.some((d) => d.severity === 'error')) addLine(written.text);
        });
      }}
    >
      <label>
        Order
        <select name="order-type" value={chosen.name} onChange={(e) => setName(e.currentTarget.value)}>
          {specs.map((spec) => (
            <option key={spec.name} value={spec.name}>
              {spec.code} · {humanize(spec.name)}
            </option>
          ))}
        </select>
      </label>
      <p class="help">{chosen.help}</p>
      <div class="order-fields">
        {chosen.args.map((arg, i) => {
          const common = {
            name: `order-${arg.name}`,
            value: values[i] ?? '',
            required: !arg.optional,
            title: arg.help,
            onFocus: () =>
              arg.type === 'world' || arg.type === 'string'
                ? armPick({ fill: (v) => set(i, v) })
                : armPick(null),
          };
          let input;
          if (arg.type === 'enum')
            input = (
              <select {...common} onChange={(e) => set(i, e.currentTarget.value)}>
                {arg.optional && <option value="">—</option>}
                {(arg.values ?? YES_NO).map((v) => (
                  <option key={v}>{v}</option>
                ))}
              </select>
            );
          else if (arg.type === 'player')
            input = (
              <select {...common} onChange={(e) => set(i, e.currentTarget.value)}>
                <option value="">—</option>
                {empires.map((v) => (
                  <option key={v}>{v}</option>
                ))}
              </select>
            );
          else if (arg.type === 'string')
            input = <input {...common} type="text" onInput={(e) => set(i, e.currentTarget.value)} />;
          else if (arg.words)
            // A number or one of its words (Galaxy's group MAX): text, offering the words.
            input = (
              <>
                <input
                  {...common}
                  type="text"
                  inputMode="numeric"
                  list={`words-${arg.name}`}
                  placeholder={`a number or ${arg.words.join(', ')}`}
                  onInput={(e) => set(i, e.currentTarget.value)}
                />
                <datalist id={`words-${arg.name}`}>
                  {arg.words.map((w) => (
                    <option key={w} value={w} />
                  ))}
                </datalist>
              </>
            );
          else
            input = (
              <input
                {...common}
                type="number"
                min={arg.min}
                max={arg.max}
                placeholder={arg.type === 'world' ? 'pick on the map' : undefined}
                onInput={(e) => set(i, e.currentTarget.value)}
              />
            );
          return (
            <label key={arg.name}>
              {humanize(arg.name)}
              {input}
              {arg.help && <span class="help">{arg.help}</span>}
            </label>
          );
        })}
      </div>
      {problems.length > 0 && (
        <ul class="diagnostics" aria-live="polite">
          {problems.map((d, i) => (
            <li key={i} class={d.severity}>
              <span class="severity">{d.severity}</span> {d.message}
            </li>
          ))}
        </ul>
      )}
      <Alert>{error}</Alert>
      <button type="submit" disabled={busy}>
        Add to orders
      </button>
    </form>
  );
}

/** The orders with `line` added at their end: before a closing `#END` line if they have one (Galaxy's). */
function withLine(text: string, line: string): string {
  const lines = text.trim() ? text.replace(/\n+$/, '').split('\n') : [];
  const end = lines.findIndex((l) => /^#END\b/i.test(l.trim()));
  lines.splice(end < 0 ? lines.length : end, 0, line);
  return lines.join('\n');
}

const summaryOf = (ds: Diagnostic[]) => {
  const n = (s: Diagnostic['severity']) => ds.filter((d) => d.severity === s).length;
  const [errors, warnings] = [n('error'), n('warning')];
  if (errors + warnings === 0) return 'No problems found';
  return `${errors} error${errors === 1 ? '' : 's'}, ${warnings} warning${warnings === 1 ? '' : 's'}`;
};

/**
 * The order editor: the rulebook's syntax with per-line diagnostics from the check endpoint as one
 * types, forms from the ruleset's order types, and the submission with its ready flag. `tools` are
 * more ways to write an order (Galac-Tac's ship design): they get the editor's `addLine`.
 */
export function OrdersPanel({
  game,
  ruleset,
  mine,
  reload,
  armPick,
  tools,
}: {
  game: Summary;
  ruleset: RulesetInfo;
  mine: MyOrders | undefined;
  reload: () => void;
  armPick: (target: PickTarget | null) => void;
  tools?: (addLine: (line: string) => void) => ComponentChildren;
}) {
  const [text, setText] = useState('');
  const [diagnostics, setDiagnostics] = useState<Diagnostic[] | null>(null);
  const [checking, setChecking] = useState(false);
  const { busy, error, setError, run } = useAction();
  const loadedFor = useRef<string | null>(null);
  const editor = useRef<HTMLTextAreaElement>(null);
  const gutter = useRef<HTMLDivElement>(null);
  const base = `/games/${game.id}/orders`;
  const open = game.status === 'running' && !game.closed;
  const { turn, Turn } = turnWords(ruleset);

  const check = useDebounced(() => {
    const body = { text: editor.current?.value ?? '' };
    setChecking(true);
    api<Checked>('POST', `${base}/check`, body).then(
      (r) => {
        if (editor.current?.value === body.text) setDiagnostics(r.diagnostics);
        setChecking(false);
      },
      (e: unknown) => {
        setError(errorText(e));
        setChecking(false);
      },
    );
  }, 400);

  // What was submitted for this turn fills the editor once per turn; edits are never overwritten.
  useEffect(() => {
    if (!mine) return;
    const key = `${game.id}:${mine.turn}`;
    if (loadedFor.current === key) return;
    loadedFor.current = key;
    const s = mine.submission;
    setText(s ? (s.text ?? JSON.stringify(s.orders, null, 1)) : '');
    setDiagnostics(s ? (s.diagnostics as Diagnostic[]) : null);
  }, [mine, game.id]);

  const edit = (change: string | ((old: string) => string)) => {
    setText(change);
    setError('');
    check();
  };
  // From the text as it is then: a form's line comes after its round trip to the api.
  const addLine = (line: string) => edit((old) => withLine(old, line));

  const submit = (ready: boolean) =>
    run(async () => {
      const r = await api<Checked>('POST', base, { text, ready, turn: game.turn });
      setDiagnostics(r.diagnostics);
      reload();
    });

  const setReady = (ready: boolean) =>
    run(async () => {
      await api('POST', `/games/${game.id}/ready`, { ready });
      reload();
    });

  const lines = text.split('\n');
  const byLine = new Map<number, Diagnostic[]>();
  for (const d of diagnostics ?? [])
    if (d.line !== null) byLine.set(d.line, [...(byLine.get(d.line) ?? []), d]);
  const worst = (n: number) => {
    const ds = byLine.get(n) ?? [];
    return ds.some((d) => d.severity === 'error')
      ? 'error'
      : ds.some((d) => d.severity === 'warning')
        ? 'warning'
        : '';
  };
  const submission = mine?.submission;
  const hasErrors = (diagnostics ?? []).some((d) => d.severity === 'error');
  const empires = game.players.map((p) => p.empire);

  return (
    <div class="orders">
      <p class="submission-status" role="status">
        {!open
          ? game.closed
            ? `${Turn} ${game.turn} is closed: resolving…`
            : 'No orders are taken now.'
          : submission
            ? `Orders for ${turn} ${game.turn} sent${submission.ready ? ', and you are ready' : ', not marked ready'}.`
            : `No orders sent for ${turn} ${game.turn} yet.`}
      </p>
      <label for="orders-text" class="editor-label">
        Orders for {turn} {game.turn}{' '}
        <span class="muted">
          (one per line, e.g. {ruleset.orderTypes.find((t) => !t.example.includes('\n'))?.example})
        </span>
      </label>
      <div class={`editor${hasErrors ? ' has-errors' : ''}`}>
        <div class="gutter" ref={gutter} aria-hidden="true">
          {lines.map((_, i) => (
            <div key={i} class={worst(i + 1)}>
              {i + 1}
            </div>
          ))}
        </div>
        <textarea
          id="orders-text"
          ref={editor}
          name="orders"
          spellcheck={false}
          wrap="off"
          autocapitalize="characters"
          rows={Math.max(8, Math.min(20, lines.length + 1))}
          value={text}
          disabled={!open}
          aria-describedby="orders-diagnostics"
          aria-invalid={hasErrors}
          onInput={(e) => edit(e.currentTarget.value)}
          onScroll={(e) => gutter.current && (gutter.current.scrollTop = e.currentTarget.scrollTop)}
        />
      </div>
      <div id="orders-diagnostics" class="check" aria-live="polite">
        <p class="muted">{checking ? 'Checking…' : diagnostics ? summaryOf(diagnostics) : ''}</p>
        {diagnostics && diagnostics.length > 0 && (
          <ul class="diagnostics">
            {[...diagnostics]
              .sort((a, b) => (a.line ?? 0) - (b.line ?? 0))
              .map((d, i) => (
                <li key={i} class={d.severity}>
                  <span class="severity">{d.severity}</span>{' '}
                  {d.line === null ? (
                    ''
                  ) : (
                    <button
                      type="button"
                      class="link"
                      onClick={() => {
                        const el = editor.current!;
                        const start = lines.slice(0, d.line! - 1).join('\n').length + (d.line! > 1 ? 1 : 0);
                        el.focus();
                        el.setSelectionRange(start, start + (lines[d.line! - 1]?.length ?? 0));
                      }}
                    >
                      line {d.line}
                    </button>
                  )}
                  {d.line === null ? '' : ': '}
                  {d.message}
                </li>
              ))}
          </ul>
        )}
      </div>
      <Alert>{error}</Alert>
      <div class="actions">
        <button type="button" class="primary" disabled={!open || busy} onClick={() => void submit(true)}>
          Submit and ready
        </button>
        <button type="button" disabled={!open || busy} onClick={() => void submit(false)}>
          Submit, not ready
        </button>
        {submission && (
          <button
            type="button"
            class="ghost"
            disabled={!open || busy}
            onClick={() => void setReady(!submission.ready)}
          >
            {submission.ready ? 'Not ready after all' : 'Mark ready'}
          </button>
        )}
      </div>
      {/* Hidden, not dropped, while the turn is resolved: a half-filled form or design is still there after. */}
      <div class="order-tools" hidden={!open}>
        <details class="order-forms">
          <summary>Build an order with a form</summary>
          <OrderForm ruleset={ruleset} empires={empires} armPick={armPick} addLine={addLine} />
        </details>
        {tools?.(addLine)}
      </div>
    </div>
  );
}
