import type { Diagnostic, Notice } from '@warpgate/engine';
import type { PlayerView as GcPlayerView } from '@warpgate/rulesets/galactic-conflict';
import type { PlayerView as GalaxyPlayerView } from '@warpgate/rulesets/galaxy';
import type { ComponentChildren } from 'preact';
import { useState } from 'preact/hooks';
import type { ReportEntry } from './types';

type Cell = string | number;
const cell = (c: Cell) => (typeof c === 'number' && !Number.isInteger(c) ? c.toFixed(2) : c);

function Table({ caption, head, rows }: { caption: string; head: string[]; rows: Cell[][] }) {
  if (rows.length === 0) return null;
  return (
    <div class="panel table-wrap">
      <table>
        <caption>{caption}</caption>
        <thead>
          <tr>
            {head.map((h) => (
              <th scope="col" key={h}>
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r, i) => (
            <tr key={i}>
              {r.map((c, j) => (
                <td key={j}>{cell(c)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Panel({ title, children }: { title: string; children: ComponentChildren }) {
  return (
    <section class="panel">
      <h3>{title}</h3>
      {children}
    </section>
  );
}

function Diagnostics({ title, items }: { title: string; items: Diagnostic[] }) {
  if (items.length === 0) return null;
  return (
    <Panel title={title}>
      <ul class="diagnostics">
        {items.map((d, i) => (
          <li key={i} class={d.severity}>
            <span class="severity">{d.severity}</span> {d.line === null ? '' : `line ${d.line}: `}
            {d.message}
          </li>
        ))}
      </ul>
    </Panel>
  );
}

function News({ notices }: { notices: { text: string }[] }) {
  if (notices.length === 0) return null;
  return (
    <Panel title="News">
      <ul>
        {notices.map((n, i) => (
          <li key={i}>{n.text}</li>
        ))}
      </ul>
    </Panel>
  );
}

function GcPanels({ v }: { v: GcPlayerView }) {
  const t = v.totals;
  return (
    <>
      <Panel title={`${v.me.name}: score ${v.me.score}`}>
        <dl class="facts">
          {(
            [
              ['Worlds', t.worlds],
              ['Econ', t.econ],
              ['CP', t.cp],
              ['AF', t.af],
              ['DF', t.df],
              ['FT', t.ft],
              ['Probes', t.probes],
            ] as const
          ).map(([k, n]) => (
            <div key={k}>
              <dt>{k}</dt>
              <dd>{n}</dd>
            </div>
          ))}
        </dl>
      </Panel>
      <News notices={v.notices} />
      <Diagnostics
        title="Orders received"
        items={v.diagnostics.map((d) => ({ ...d, message: `${d.order}: ${d.message}` }))}
      />
      <Table
        caption="Worlds you have news of"
        head={['World', 'Owner', 'Econ', 'CP', 'AF', 'DF', 'FT', 'Probes', 'Battle']}
        rows={v.worlds.map((w) => [
          w.number,
          w.owner,
          w.econ,
          w.cp,
          w.af,
          w.df,
          w.ft,
          w.probes,
          w.battle ? w.battle.outcome : '',
        ])}
      />
      {v.contacts.length === 0 ? (
        <Panel title="Contacts">
          <p class="muted">None yet.</p>
        </Panel>
      ) : (
        <Table
          caption="Contacts"
          head={['Empire', 'Score']}
          rows={v.contacts.map((c) => [c.name, c.score])}
        />
      )}
      {v.standings && (
        <Table
          caption="Final standings"
          head={['Rank', 'Empire', 'Score', 'Worlds']}
          rows={v.standings.map((s) => [
            s.rank,
            `${s.name}${s.winner ? ' (winner)' : ''}`,
            s.score,
            s.totals.worlds,
          ])}
        />
      )}
    </>
  );
}

function GalaxyPanels({ v }: { v: GalaxyPlayerView }) {
  return (
    <>
      <Panel title={`The ${v.me.name}`}>
        <p>
          Tech: drive {v.me.tech.drive}, weapons {v.me.tech.weapons}, shields {v.me.tech.shields}, cargo{' '}
          {v.me.tech.cargo}
        </p>
        {v.ended && <p>{v.winner ? `The game is over: the ${v.winner} have won.` : 'The game is over.'}</p>}
      </Panel>
      <News notices={v.notices as Notice[]} />
      {v.messages.length > 0 && (
        <Panel title="Messages">
          {v.messages.map((m, i) => (
            <blockquote key={i}>
              <p class="muted">{m.broadcast ? 'Broadcast' : `From the ${m.from ?? '?'}`}</p>
              <p class="pre">{m.text}</p>
            </blockquote>
          ))}
        </Panel>
      )}
      <Diagnostics
        title="Orders received"
        items={v.mistakes.map((m) => ({
          line: m.line,
          severity: m.severity,
          message: `${m.text}: ${m.message}`,
        }))}
      />
      <Table
        caption="Races"
        head={['Race', 'Drive', 'Weapons', 'Shields', 'Cargo', 'Population', 'Industry', 'Planets', 'Stance']}
        rows={v.races.map((r) => [
          r.name,
          r.tech.drive,
          r.tech.weapons,
          r.tech.shields,
          r.tech.cargo,
          r.population,
          r.industry,
          r.planets,
          r.stance ?? '-',
        ])}
      />
      <Table
        caption="Your planets"
        head={['Planet', 'X', 'Y', 'Size', 'Pop.', 'Ind.', 'Res.', 'Producing', 'Cap.', 'Mat.', 'Col.']}
        rows={v.planets.map((p) => [
          p.name,
          p.x,
          p.y,
          p.size,
          p.population,
          p.industry,
          p.resources,
          p.production,
          p.capital,
          p.materials,
          p.colonists,
        ])}
      />
      <Table
        caption="Your ship types"
        head={['Type', 'Drive', 'Attacks', 'Weapons', 'Shields', 'Cargo', 'Mass']}
        rows={v.types.map((t) => [t.name, t.drive, t.attacks, t.weapons, t.shields, t.cargo, t.mass])}
      />
      <Table
        caption="Your groups"
        head={['Group', 'Ships', 'Type', 'Cargo', 'Load', 'At / to', 'Left', 'Fleet']}
        rows={v.groups.map((g) => [
          g.number ?? '',
          g.ships,
          g.type,
          g.cargo,
          g.load,
          g.planet,
          g.left || '',
          g.fleet ?? '',
        ])}
      />
      <Table
        caption="Alien groups seen"
        head={['Race', 'Ships', 'Type', 'At']}
        rows={v.alienGroups.map((g) => [g.owner, g.ships, g.type, g.planet])}
      />
      <Table
        caption="Incoming groups"
        head={['From', 'To', 'Distance left', 'Speed', 'Mass']}
        rows={v.incoming.map((g) => [g.origin ?? '', g.planet, g.left, g.speed, g.mass])}
      />
      {v.battles.map((b, i) => (
        <Table
          key={i}
          caption={`Battle at ${b.planet} (phase ${b.phase}): ${b.shots.filter(([, , hit]) => hit).length} ships destroyed in ${b.shots.length} shots`}
          head={['Race', 'Type', 'Before', 'After']}
          rows={b.groups.map((g) => [g.race, g.type, g.before, g.after])}
        />
      ))}
      <Table
        caption="Bombings"
        head={['Planet', 'Owner', 'Bombers', 'Population before']}
        rows={v.bombings.map((b) => [b.planetName, b.owner, b.bombers.join(', '), b.before.population])}
      />
    </>
  );
}

/** The player's turn reports: structured panels, or the printout as the rulebook prints it. */
export function ReportPanel({ ruleset, reports }: { ruleset: string; reports: ReportEntry[] }) {
  const [turn, setTurn] = useState<number | null>(null);
  const [printout, setPrintout] = useState(false);
  if (reports.length === 0)
    return <p class="muted">No report yet: the first comes when turn 1 is resolved.</p>;
  const entry = reports.find((r) => r.turn === turn) ?? reports[0];
  const data = entry.report.data;
  return (
    <div class="report">
      <div class="toolbar">
        <label class="inline">
          Turn
          <select value={entry.turn} onChange={(e) => setTurn(Number(e.currentTarget.value))}>
            {reports.map((r) => (
              <option key={r.turn} value={r.turn}>
                {r.turn}
              </option>
            ))}
          </select>
        </label>
        <div class="tabs small" role="group" aria-label="Report form">
          <button
            type="button"
            class={printout ? 'tab' : 'tab active'}
            aria-pressed={!printout}
            onClick={() => setPrintout(false)}
          >
            Panels
          </button>
          <button
            type="button"
            class={printout ? 'tab active' : 'tab'}
            aria-pressed={printout}
            onClick={() => setPrintout(true)}
          >
            Printout
          </button>
        </div>
        {printout && (
          <button type="button" class="ghost" onClick={() => window.print()}>
            Print
          </button>
        )}
      </div>
      <h2 class="report-title">Report on turn {entry.turn}</h2>
      {printout ? (
        <pre class="printout" tabIndex={0} aria-label={`Printout of turn ${entry.turn}`}>
          {entry.report.text}
        </pre>
      ) : ruleset === 'galactic-conflict' ? (
        <GcPanels v={data as GcPlayerView} />
      ) : ruleset === 'galaxy' ? (
        <GalaxyPanels v={data as GalaxyPlayerView} />
      ) : (
        <pre class="printout">{entry.report.text}</pre>
      )}
    </div>
  );
}
