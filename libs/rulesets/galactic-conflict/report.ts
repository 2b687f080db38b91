import type { Notice, Report } from '@warpgate/engine';
import type { MapView, PlayerView, WorldView } from './view';

/** The printable printout (digest §8.1), rendered from the player's view only. */

const pad = (s: string | number, n: number) => String(s).padStart(n);

function worldText(w: WorldView): string[] {
  const lines = [
    `World ${w.number} (${w.q},${w.r})  owner ${w.owner}`,
    `  Econ ${w.econ}  CP ${w.cp}  AF ${w.af}  DF ${w.df}  FT ${w.ft}  Probes ${w.probes}`,
  ];
  if (w.battle) {
    const b = w.battle;
    const attackers = b.attackers.map((a) => `${a.name} ${a.af} AF`).join(', ');
    const outcome = b.outcome === 'conquered' ? `conquered by ${b.conqueror}` : b.outcome;
    lines.push(
      `  Attacked by ${attackers}; defender ${b.defender} with ${b.af} AF, ${b.df} DF, ${b.ft} FT: ${outcome}`,
    );
  }
  if (w.probed) lines.push('  <<Probed>>');
  if (w.transferredFrom) lines.push(`  Transferred from ${w.transferredFrom}`);
  for (const o of w.orders) lines.push(`    ${o.order}${o.reused ? '  (reused)' : ''}`);
  return lines;
}

/** An offset hex map: one row per r, worlds by number, yours marked with `*`. */
function mapText(map: MapView): string[] {
  const at = new Map(map.worlds.map((w) => [`${w.q},${w.r}`, w]));
  const lines: string[] = [];
  for (let r = -map.radius; r <= map.radius; r++) {
    let row = ' '.repeat(2 * Math.abs(r));
    for (let q = Math.max(-map.radius, -r - map.radius); q <= Math.min(map.radius, -r + map.radius); q++) {
      const w = at.get(`${q},${r}`);
      row += w ? pad(`${w.own ? '*' : ''}${w.number}`, 4) : '   .';
    }
    lines.push(row.trimEnd());
  }
  return lines;
}

const COMBAT = new Set(['battle', 'world-conquered', 'world-lost']);

const toNotice = ({ kind, text }: PlayerView['notices'][number]): Notice => ({
  kind: COMBAT.has(kind) ? 'combat' : kind === 'contact' ? 'contact' : 'news',
  text,
});

export function renderReport(v: PlayerView): Report<PlayerView> {
  const t = v.totals;
  const lines = [
    `GALACTIC CONFLICT  ${v.ended ? 'final printout' : `orders for turn ${v.turn}`}`,
    `Account ${v.me.id}  Code name ${v.me.name}  Score ${v.me.score}`,
    '',
    `Worlds ${t.worlds}  Econ ${t.econ}  CP ${t.cp}  AF ${t.af}  DF ${t.df}  FT ${t.ft}  Probes ${t.probes}`,
    '',
    ...v.worlds.flatMap((w) => [...worldText(w), '']),
    'Contacts',
    ...(v.contacts.length === 0 ? ['  none'] : v.contacts.map((c) => `  ${c.name}  ${c.score}`)),
    '',
  ];
  if (v.notices.length > 0) lines.push('News', ...v.notices.map((n) => `  ${n.text}`), '');
  if (v.diagnostics.length > 0)
    lines.push(
      'Orders received',
      ...v.diagnostics.map((d) => `  ${d.line === null ? '' : `line ${d.line}: `}${d.message}`),
      '',
    );
  if (v.standings)
    lines.push(
      'Final standings',
      ...v.standings.map(
        (s) =>
          `  ${pad(s.rank, 2)}. ${s.name}  score ${s.score}  worlds ${s.totals.worlds}  Econ ${s.totals.econ}  CP ${s.totals.cp}  AF ${s.totals.af}  DF ${s.totals.df}  FT ${s.totals.ft}  probes ${s.totals.probes}${s.winner ? '  WINNER' : ''}`,
      ),
      '',
    );
  lines.push('Map (* = yours)', ...mapText(v.map));
  return { turn: v.turn, data: v, text: lines.join('\n') + '\n', notices: v.notices.map(toNotice) };
}
