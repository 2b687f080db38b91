import type { Diagnostic, Dispute, GameSummary } from '@warpgate/engine';
import { useEffect, useState } from 'preact/hooks';
import { api } from './api';
import { live } from './live';
import { brief, eventText } from './replay';
import { follow, gamePath } from './router';
import { session } from './session';
import { useStore } from './store';
import { Alert, Loading, StatusBadge, useAction, useDebounced, useOnChange, useResource } from './ui';

/** `GET /games/:id/turns/:turn/audit` (see auditTurn in libs/engine). */
interface Stamp {
  revision: number;
  time: string;
  actor: string | null;
}
interface Draw {
  method: string;
  args: unknown[];
  result: unknown;
}
interface Verification {
  matches: boolean;
  compared: 'events' | 'state';
  resolvedEvents: number;
  firstDifference: { index: number; stored: unknown; recomputed: unknown } | null;
}
interface TurnAudit {
  turn: number;
  closed: (Stamp & { reason: string }) | null;
  submissions: (Stamp & {
    playerId: string;
    submissionId: string;
    idempotencyKey: string | null;
    text: string | null;
    orders: unknown[];
    diagnostics: Diagnostic[];
    ready: boolean;
    counted: boolean;
  })[];
  resolutions: {
    counted: Record<string, string>;
    events: (Stamp & { type: string; data: unknown })[];
    draws: { total: number; from: number; page: Draw[] } | null;
    verification: Verification;
    voided: (Stamp & { disputeId: string; reason: string }) | null;
  }[];
}
interface GameVerification {
  verified: boolean;
  resolutions: number;
  turns: number;
  firstDifference: { turn: number | null; stored: unknown; recomputed: unknown; error?: string } | null;
}

const when = (iso: string) => new Date(iso).toLocaleString();
/** The pushes that tell of a change the audit shows: the turns, the game's state, disputes. */
const MATTERS = /^(turn\.|dispute\.|game\.(updated|ended)$|submission\.status$)/;
const json = (value: unknown) => JSON.stringify(value, null, 1);

/** The admins' audit of a game: each turn from the record, verification, and the disputes to rule on. */
export function AuditPage({ gameId }: { gameId: string }) {
  const account = useStore(session);
  const summary = useResource(
    () => api<GameSummary>('GET', `/games/${gameId}`),
    [gameId, account?.account.id],
  );
  // Bumped on each change to the record the game's pushes tell of: the turn and the disputes shown
  // are read again, kept on the screen (and what is being typed kept) meanwhile.
  const [version, setVersion] = useState(0);
  const refresh = useDebounced(() => {
    void summary.reload();
    setVersion((v) => v + 1);
  }, 200);
  useEffect(() => live.watch(gameId), [gameId]);
  useEffect(
    () => live.onPush((p) => p.payload.gameId === gameId && MATTERS.test(p.name) && refresh()),
    [gameId, refresh],
  );
  const [turn, setTurn] = useState<number | null>(null);

  if (account?.account.role !== 'admin') return <Alert>The audit is for admins: log in as one.</Alert>;
  const game = summary.data;
  if (summary.error) return <Alert>{summary.error}</Alert>;
  if (!game) return <Loading what="the game" />;
  // The latest turn with a resolution: the one before the open turn (the last, once the game has ended).
  const latest = game.status === 'ended' ? game.turn : Math.max(0, game.turn - 1);
  const shown = turn ?? latest;
  const empireOf = (id: string | null) => game.players.find((p) => p.id === id)?.empire ?? id ?? '—';

  return (
    <section class="audit" aria-labelledby="audit-title">
      <header class="game-head">
        <div>
          <h1 id="audit-title">Audit of {game.name}</h1>
          <p class="muted">
            <StatusBadge status={game.status} /> · Turn {game.turn} ·{' '}
            <a href={gamePath(game.id)} onClick={follow}>
              Back to the game
            </a>
          </p>
        </div>
        <div class="audit-turn">
          <label for="audit-turn">Turn</label>
          <select id="audit-turn" value={shown} onChange={(e) => setTurn(Number(e.currentTarget.value))}>
            {Array.from({ length: game.turn + 1 }, (_, t) => (
              <option key={t} value={t}>
                {t === 0 ? '0 (setup)' : t}
              </option>
            ))}
          </select>
        </div>
      </header>
      <VerifyGame gameId={game.id} />
      <Disputes game={game} version={version} latest={latest} empireOf={empireOf} onChange={refresh} />
      <TurnView key={shown} gameId={game.id} turn={shown} version={version} empireOf={empireOf} />
    </section>
  );
}

function VerifyGame({ gameId }: { gameId: string }) {
  const [result, setResult] = useState<GameVerification | null>(null);
  const { busy, error, run } = useAction();
  return (
    <div class="card verify">
      <button
        type="button"
        disabled={busy}
        onClick={() =>
          void run(async () => setResult(await api<GameVerification>('GET', `/games/${gameId}/verify`)))
        }
      >
        Verify the whole game
      </button>
      <p role="status" class={result ? (result.verified ? 'ok' : 'bad') : ''}>
        {result &&
          (result.verified
            ? `Verified: ${result.resolutions} resolutions over ${result.turns} turns re-run to the stored events.`
            : `Not verified: the first difference is in turn ${result.firstDifference?.turn ?? '?'}${result.firstDifference?.error ? ` (${result.firstDifference.error})` : ''}.`)}
      </p>
      {result?.firstDifference && <pre class="pre">{json(result.firstDifference)}</pre>}
      <Alert>{error}</Alert>
    </div>
  );
}

function TurnView({
  gameId,
  turn,
  version,
  empireOf,
}: {
  gameId: string;
  turn: number;
  version: number;
  empireOf: (id: string | null) => string;
}) {
  const audit = useResource(
    () => api<TurnAudit>('GET', `/games/${gameId}/turns/${turn}/audit`),
    [gameId, turn],
  );
  useOnChange(version, () => void audit.reload());
  const [verified, setVerified] = useState<Verification | null>(null);
  const { busy, error, run } = useAction();
  const a = audit.data;
  if (audit.error) return <Alert>{audit.error}</Alert>;
  if (!a) return <Loading what={`turn ${turn}`} />;
  return (
    <section class="panel" aria-labelledby="turn-title">
      <h2 id="turn-title">{turn === 0 ? 'Setup (turn 0)' : `Turn ${turn}`}</h2>
      <p>
        {a.closed
          ? `Closed ${when(a.closed.time)}: ${a.closed.reason}${a.closed.actor ? `, by ${empireOf(a.closed.actor)}` : ''} (event #${a.closed.revision}).`
          : turn === 0
            ? 'The setup, made when the game started.'
            : 'Not closed yet.'}
      </p>
      <div class="actions">
        <button
          type="button"
          disabled={busy || a.resolutions.length === 0}
          onClick={() =>
            void run(async () =>
              setVerified(await api<Verification>('GET', `/games/${gameId}/turns/${turn}/verify`)),
            )
          }
        >
          Verify turn {turn}
        </button>
        <span role="status" class={verified ? (verified.matches ? 'ok' : 'bad') : ''}>
          {verified &&
            (verified.matches
              ? `Verified: resolving it again gives the ${verified.resolvedEvents} stored events.`
              : `Differs at event ${verified.firstDifference?.index ?? '?'}.`)}
        </span>
      </div>
      <Alert>{error}</Alert>
      {verified?.firstDifference && <pre class="pre">{json(verified.firstDifference)}</pre>}

      <h3>Submissions ({a.submissions.length})</h3>
      {a.submissions.length === 0 ? (
        <p class="muted">None.</p>
      ) : (
        <ol class="audit-list">
          {a.submissions.map((s) => (
            <li key={s.submissionId} class={s.counted ? 'counted' : ''}>
              <p>
                <strong>{empireOf(s.playerId)}</strong> · {when(s.time)} · event #{s.revision} ·{' '}
                {s.counted ? (
                  <span class="badge badge-running">counted</span>
                ) : (
                  <span class="muted">replaced</span>
                )}
                {s.ready ? ' · ready' : ''}
                {s.idempotencyKey ? ` · key ${s.idempotencyKey}` : ''}
                {s.actor && s.actor !== s.playerId ? ` · by ${empireOf(s.actor)}` : ''}
              </p>
              <pre class="pre" aria-label={`Orders of ${empireOf(s.playerId)}, submission ${s.submissionId}`}>
                {s.text ?? json(s.orders)}
                {s.text === '' ? '(no orders)' : ''}
              </pre>
              {s.diagnostics.length > 0 && (
                <ul class="diagnostics">
                  {s.diagnostics.map((d, i) => (
                    <li key={i} class={d.severity}>
                      <span class="severity">{d.severity}</span> {d.line === null ? '' : `line ${d.line}: `}
                      {d.message}
                    </li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ol>
      )}

      {a.resolutions.map((r, i) => (
        <Resolution key={i} gameId={gameId} turn={turn} index={i} resolution={r} empireOf={empireOf} />
      ))}
      {a.resolutions.length === 0 && <p class="muted">Not resolved yet.</p>}
    </section>
  );
}

function Resolution({
  gameId,
  turn,
  index,
  resolution: r,
  empireOf,
}: {
  gameId: string;
  turn: number;
  index: number;
  resolution: TurnAudit['resolutions'][number];
  empireOf: (id: string | null) => string;
}) {
  const [draws, setDraws] = useState<{ total: number; from: number; page: Draw[] } | null>(null);
  const { busy, error, run } = useAction();
  const loadDraws = (from: number) =>
    run(async () => {
      const a = await api<TurnAudit>(
        'GET',
        `/games/${gameId}/turns/${turn}/audit?draws=true&drawsFrom=${from}`,
      );
      setDraws(a.resolutions[index].draws);
    });
  const v = r.verification;
  return (
    <section class="resolution" aria-label={`Resolution ${index + 1} of turn ${turn}`}>
      <h3>
        Resolution {index + 1}
        {r.voided ? ' (voided)' : ''}
      </h3>
      <p>
        <span class={v.matches ? 'ok' : 'bad'}>
          {v.matches ? '✓ Resolving it again gives the same' : '✗ Resolving it again differs'}
        </span>{' '}
        ({v.compared === 'events' ? `${v.resolvedEvents} events compared` : 'the state compared'}). Counted:{' '}
        {Object.keys(r.counted).map(empireOf).join(', ') || 'no submissions'}.
      </p>
      {r.voided && (
        <p class="muted">
          Voided {when(r.voided.time)} by {empireOf(r.voided.actor)}: {r.voided.reason}
        </p>
      )}
      <details>
        <summary>Its events ({r.events.length})</summary>
        <ol class="event-log">
          {r.events.map((e) => (
            <li key={e.revision}>
              <span class="revision">#{e.revision}</span> {eventText(e, empireOf)}
            </li>
          ))}
        </ol>
      </details>
      <div class="actions">
        <button type="button" disabled={busy} onClick={() => void loadDraws(0)}>
          {draws ? 'Reload the random draws' : 'Show the random draws'}
        </button>
      </div>
      <Alert>{error}</Alert>
      {draws && (
        <div class="draws">
          <p>
            {draws.total === 0
              ? 'This resolution drew no random numbers.'
              : `Draws ${draws.from + 1}–${draws.from + draws.page.length} of ${draws.total}, in the order drawn:`}
          </p>
          {draws.page.length > 0 && (
            <ol class="draw-list" aria-label="Random draws">
              {draws.page.map((d, i) => (
                <li key={i}>
                  Draw {draws.from + i + 1}:{' '}
                  <code>
                    {d.method}({d.args.map(brief).join(', ')})
                  </code>{' '}
                  → <strong>{brief(d.result)}</strong>
                </li>
              ))}
            </ol>
          )}
          <div class="actions">
            {draws.from > 0 && (
              <button
                type="button"
                disabled={busy}
                onClick={() => void loadDraws(Math.max(0, draws.from - 1000))}
              >
                Earlier draws
              </button>
            )}
            {draws.from + draws.page.length < draws.total && (
              <button
                type="button"
                disabled={busy}
                onClick={() => void loadDraws(draws.from + draws.page.length)}
              >
                Later draws
              </button>
            )}
          </div>
        </div>
      )}
    </section>
  );
}

function Disputes({
  game,
  version,
  latest,
  empireOf,
  onChange,
}: {
  game: GameSummary;
  version: number;
  latest: number;
  empireOf: (id: string | null) => string;
  onChange: () => void;
}) {
  const disputes = useResource(async () => {
    const all = await api<Dispute[]>('GET', `/games/${game.id}/disputes`);
    // A dispute voids its turn once: those about the latest turn that did are in its audit.
    const voiding = all.some((d) => d.ruling?.upheld && d.turn === latest);
    const audit = voiding ? await api<TurnAudit>('GET', `/games/${game.id}/turns/${latest}/audit`) : null;
    const voided = new Set(audit?.resolutions.flatMap((r) => (r.voided ? [r.voided.disputeId] : [])));
    return { all, voided };
  }, [game.id]);
  useOnChange(version, () => void disputes.reload());
  const list = disputes.data?.all;
  return (
    <section class="panel" aria-labelledby="disputes-title">
      <div class="page-head">
        <h2 id="disputes-title">Disputes</h2>
        <button type="button" class="ghost" onClick={() => void disputes.reload()}>
          Refresh
        </button>
      </div>
      <Alert>{disputes.error}</Alert>
      {!list ? (
        <Loading what="the disputes" />
      ) : list.length === 0 ? (
        <p class="muted">No player has disputed a turn.</p>
      ) : (
        <ul class="audit-list">
          {list.map((d) => (
            <DisputeItem
              key={d.disputeId}
              game={game}
              dispute={d}
              voided={disputes.data!.voided.has(d.disputeId)}
              latest={latest}
              empireOf={empireOf}
              done={onChange}
            />
          ))}
        </ul>
      )}
    </section>
  );
}

function DisputeItem({
  game,
  dispute: d,
  voided,
  latest,
  empireOf,
  done,
}: {
  game: GameSummary;
  dispute: Dispute;
  /** Whether it has voided its turn already. */
  voided: boolean;
  latest: number;
  empireOf: (id: string | null) => string;
  done: () => void;
}) {
  const [upheld, setUpheld] = useState(false);
  const [note, setNote] = useState('');
  const [reason, setReason] = useState('');
  const [amended, setAmended] = useState('');
  // Voided from here: the form goes at once, before the disputes are read again.
  const [sent, setSent] = useState(false);
  const { busy, error, run } = useAction();
  const id = `dispute-${d.disputeId}`;
  // A void undoes the latest resolved turn while the next is open, or the turn that ended the game
  // if its record is for admins only (see voidTurn in libs/engine).
  const voidable =
    !voided &&
    !sent &&
    d.ruling?.upheld &&
    d.turn === latest &&
    (game.status === 'ended'
      ? game.closed && game.spectators === 'none'
      : game.status === 'running' && !game.closed);
  return (
    <li aria-labelledby={`${id}-title`}>
      <p id={`${id}-title`}>
        <strong>{empireOf(d.playerId)}</strong> disputes turn {d.turn}:
      </p>
      <blockquote>{d.text}</blockquote>
      {d.ruling ? (
        <p>
          Ruled: <strong>{d.ruling.upheld ? 'upheld' : 'rejected'}</strong> — {d.ruling.note}
        </p>
      ) : (
        <form
          class="form ruling"
          aria-label={`Rule on the dispute of ${empireOf(d.playerId)}`}
          onSubmit={(e) => {
            e.preventDefault();
            void run(async () => {
              await api('POST', `/games/${game.id}/disputes/${d.disputeId}/ruling`, { upheld, note });
              done();
            });
          }}
        >
          <fieldset class="choices">
            <legend>Ruling</legend>
            <label class="inline check">
              <input type="radio" name={`${id}-upheld`} checked={upheld} onChange={() => setUpheld(true)} />
              Uphold
            </label>
            <label class="inline check">
              <input type="radio" name={`${id}-upheld`} checked={!upheld} onChange={() => setUpheld(false)} />
              Reject
            </label>
          </fieldset>
          <label>
            Note to the player
            <textarea required rows={2} value={note} onInput={(e) => setNote(e.currentTarget.value)} />
          </label>
          <button type="submit" class="primary" disabled={busy}>
            Rule
          </button>
        </form>
      )}
      {voidable && (
        <form
          class="form void"
          aria-label={`Void turn ${d.turn}`}
          onSubmit={(e) => {
            e.preventDefault();
            void run(async () => {
              await api('POST', `/games/${game.id}/turns/${d.turn}/void`, {
                disputeId: d.disputeId,
                reason,
                amended: amended.trim() ? [{ playerId: d.playerId, text: amended }] : [],
              });
              setSent(true);
              done();
            });
          }}
        >
          <label>
            Why the turn is voided
            <textarea required rows={2} value={reason} onInput={(e) => setReason(e.currentTarget.value)} />
          </label>
          <label>
            Amended orders of {empireOf(d.playerId)} <span class="muted">(empty: as they were)</span>
            <textarea
              rows={3}
              class="mono"
              value={amended}
              onInput={(e) => setAmended(e.currentTarget.value)}
            />
          </label>
          <button type="submit" class="danger" disabled={busy}>
            Void turn {d.turn} and resolve it again
          </button>
        </form>
      )}
      <Alert>{error}</Alert>
    </li>
  );
}
