import type { Diagnostic, Notice } from '@warpgate/engine';
import type { PlayerView as GcPlayerView } from '@warpgate/rulesets/galactic-conflict';
import type { PlayerView as GalaxyPlayerView } from '@warpgate/rulesets/galaxy';
import type { PlayerView as GtPlayerView } from '@warpgate/rulesets/galac-tac';
import type { ComponentChildren, VNode } from 'preact';
import { useState } from 'preact/hooks';
import { formatRating, ssd } from '../../../libs/rulesets/galac-tac/design';
import { formatLoc } from '../../../libs/rulesets/galac-tac/state';
import { cargoText, inFleets, orderLabel } from './gt-map';
import { turnWords } from './rulesets';
import type { ReportEntry, RulesetInfo } from './types';

/** A table's cell: a figure, a text, or something to act on (a button). */
type Cell = string | number | VNode;
const cell = (c: Cell) => (typeof c === 'number' && !Number.isInteger(c) ? c.toFixed(2) : c);

/** `wrap`: long texts wrap in their cells (sentences, not figures). */
export function Table({
  caption,
  head,
  rows,
  wrap = false,
}: {
  caption: string;
  head: string[];
  rows: Cell[][];
  wrap?: boolean;
}) {
  if (rows.length === 0) return null;
  return (
    <div class="panel table-wrap">
      <table class={wrap ? 'wrap' : undefined}>
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

/** Figures by name, as tiles. */
export function Facts({ items, label }: { items: readonly (readonly [string, Cell])[]; label?: string }) {
  return (
    <dl class="facts" aria-label={label}>
      {items.map(([k, n]) => (
        <div key={k}>
          <dt>{k}</dt>
          <dd>{n}</dd>
        </div>
      ))}
    </dl>
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
        <Facts
          items={[
            ['Worlds', t.worlds],
            ['Econ', t.econ],
            ['CP', t.cp],
            ['AF', t.af],
            ['DF', t.df],
            ['FT', t.ft],
            ['Probes', t.probes],
          ]}
        />
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

const GT_RESULT = { done: 'executed', partial: 'partly executed', failed: 'failed' } as const;
const GT_STATUS = { home: 'Home System', production: 'Production', colony: 'Colony' } as const;

function GtPanels({ v }: { v: GtPlayerView }) {
  const ships = inFleets(v.ships);
  return (
    <>
      <Panel title={`Empire ${v.me.name}, ${v.date}`}>
        <Facts
          items={[
            ['Tech level', v.me.tl],
            ['Research PI', v.me.research],
            ['Valuation percentile', v.me.valuation ?? '-'],
            ['Systems', v.systems.length],
            ['Ships', v.ships.length],
            ['Designs', v.designs.length],
          ]}
        />
        {v.me.eliminated && <p>Your Home System was destroyed on {v.me.eliminated}.</p>}
        {v.winners && <p>The game is over. Won by {v.winners.join(', ')}.</p>}
        {v.known.length > 0 && <p class="muted">Empires you know: {v.known.join(', ')}</p>}
      </Panel>
      <Table
        caption="Actions"
        wrap
        head={['Line', 'Action', 'Result', 'Note']}
        rows={v.actions.map(([line, text, outcome, note]) => [line ?? '-', text, GT_RESULT[outcome], note])}
      />
      {v.notes.length + v.missing.length > 0 && (
        <Panel title="Status">
          <ul>
            {v.notes.map((n, i) => (
              <li key={i}>{n}</li>
            ))}
            {v.missing.length > 0 && <li>Missing: {v.missing.join(', ')}</li>}
          </ul>
        </Panel>
      )}
      <Table
        caption="Your systems"
        head={['Square', 'Name', 'Status', 'PV', 'Output', 'PI', 'M', 'Imports', 'Alarm']}
        rows={v.systems.map((x) => [
          formatLoc(x.loc),
          x.name ?? '',
          GT_STATUS[x.status],
          x.pv,
          x.output,
          x.status === 'colony' ? '' : x.pi,
          x.missiles,
          x.imports || '',
          x.beingDestroyed ? 'Being destroyed!' : x.underAttack ? 'Under attack!' : '',
        ])}
      />
      <Table
        caption="Foreign ships at your systems"
        head={['Square', 'Ships', 'Total SSD', 'Largest SSD']}
        rows={v.systems.flatMap((x) => x.sightings.map((s) => [formatLoc(x.loc), s.ships, s.ssd, s.largest]))}
      />
      <Table
        caption="Your fleets"
        head={['Ship', 'Code', 'Name', 'Rating', 'SSD', 'At', 'Order', 'Cargo']}
        rows={ships.map(({ ship: x, depth }) => [
          `${'↳ '.repeat(depth)}${x.id}`,
          x.code,
          x.name,
          formatRating(x.intact, { missiles: x.missiles, ...(x.tl < v.me.tl ? { tl: x.tl } : {}) }),
          x.ssd,
          formatLoc(x.loc),
          x.carrier !== null
            ? `in hangar of ${x.carrier}`
            : x.parent !== null
              ? `joined to ${x.parent}`
              : orderLabel(x.order),
          cargoText(x.cargo),
        ])}
      />
      <Table
        caption="Dry docks"
        head={['Ship', 'Code', 'Name', 'At', 'TL', 'Due', 'Complete']}
        rows={v.docks.map((d) => [
          d.id,
          d.code,
          d.name,
          formatLoc(d.loc),
          d.tl,
          d.due,
          `${Math.floor((100 * d.elapsed) / d.delay)} %`,
        ])}
      />
      <Table
        caption="Scout reports"
        head={['Scout', 'Square', 'Owner', 'Ships', 'Total SSD', 'Largest SSD']}
        rows={v.scouts.map((r) =>
          r.estimate
            ? [r.ship, formatLoc(r.loc), r.owner, 'escaped', `about ${r.ssd}`, '']
            : [r.ship, formatLoc(r.loc), r.owner, r.ships, r.ssd, r.largest],
        )}
      />
      {v.encounters.map((e) => (
        <Table
          key={e.loc}
          caption={`Encounter at ${formatLoc(e.loc)}: cease fire`}
          head={['Empire', 'Ships', 'Total SSD']}
          rows={e.sides.map((s) => [s.own ? `${s.empire} (you)` : s.empire, s.ships, s.ssd])}
        />
      ))}
      {v.combats.map((c) => (
        <Table
          key={c.loc}
          caption={`Combat at ${formatLoc(c.loc)}, ${c.rounds} round${c.rounds === 1 ? '' : 's'}`}
          head={['Empire', 'Ship', 'Code', 'Before', 'SSD', 'After', 'SSD', 'Lost in round']}
          rows={c.ships.map((x) => [
            x.empire,
            x.id,
            x.code,
            formatRating(x.before),
            x.ssd,
            x.after ? formatRating(x.after) : 'destroyed',
            x.after ? ssd(x.after) : '',
            x.lost ?? '',
          ])}
        />
      ))}
      {v.standings && (
        <Table
          caption="Final standings"
          head={['Rank', 'Empire', 'Result']}
          rows={v.standings.map((s) => [
            s.rank,
            `${s.name}${s.winner ? ' (winner)' : ''}`,
            s.destroyed ? `destroyed on ${s.destroyed}` : `percentile ${s.percentile ?? 0}`,
          ])}
        />
      )}
    </>
  );
}

/** The player's turn reports: structured panels, or the printout as the rulebook prints it. */
export function ReportPanel({ ruleset, reports }: { ruleset: RulesetInfo; reports: ReportEntry[] }) {
  const [turn, setTurn] = useState<number | null>(null);
  const [printout, setPrintout] = useState(false);
  const words = turnWords(ruleset);
  if (reports.length === 0)
    return <p class="muted">No report yet: the first comes when {words.turn} 1 is resolved.</p>;
  const entry = reports.find((r) => r.turn === turn) ?? reports[0];
  const data = entry.report.data;
  return (
    <div class="report">
      <div class="toolbar">
        <label class="inline">
          {words.Turn}
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
      <h2 class="report-title">
        Report on {words.turn} {entry.turn}
      </h2>
      {printout ? (
        <pre class="printout" tabIndex={0} aria-label={`Printout of ${words.turn} ${entry.turn}`}>
          {entry.report.text}
        </pre>
      ) : ruleset.id === 'galactic-conflict' ? (
        <GcPanels v={data as GcPlayerView} />
      ) : ruleset.id === 'galaxy' ? (
        <GalaxyPanels v={data as GalaxyPlayerView} />
      ) : ruleset.id === 'galac-tac' ? (
        <GtPanels v={data as GtPlayerView} />
      ) : (
        <pre class="printout">{entry.report.text}</pre>
      )}
    </div>
  );
}
