import type { Report } from '@warpgate/engine';
import { printable, wrapText } from '../printout';
import { battle, notices, options, ordersReceived, ranking, shipMass, statusOfPlayers } from './bulletin';
import {
  addresses,
  alienGroups,
  bombings,
  drawMap,
  incoming,
  namer,
  otherPlanets,
  shipTypes,
  yourGroups,
  yourPlanets,
} from './tables';
import type { PlayerView } from './view';

/** The book-style printout (digest §8), built from the player's view only. */

export function renderReport(v: PlayerView): Report<PlayerView> {
  const name = namer(v);
  const lines: string[] = [`\t\t${name(v.me.name)} Report for Galaxy Turn ${v.turn - 1}`];
  if (v.me.status !== 'active') lines.push('', `Your race is no longer in the game (${v.me.status}).`);
  if (v.ended)
    lines.push(
      '',
      v.winner ? `The game is over: the ${v.winner} have won.` : 'The game is over: nobody survived.',
    );
  for (const g of v.gone) lines.push(`The ${g.name} have left the game (${g.reason}).`);
  for (const n of v.notices) lines.push('', n.text);
  lines.push(...addresses(v));
  // A message's lines as its writer typed them, but never a control character, and wrapped to the page.
  for (const m of v.messages)
    lines.push(
      '',
      m.broadcast ? '\t\tBroadcast Message' : `\t\tMessage from ${m.from ?? '?'}`,
      '',
      ...m.text.split('\n').flatMap((l) => wrapText(printable(l))),
    );
  lines.push(...ranking(v), ...shipMass(v), ...options(v), ...ordersReceived(v), ...statusOfPlayers(v));
  lines.push(...shipTypes(v));
  for (const b of v.battles) lines.push(...battle(v, b));
  lines.push(...bombings(v), ...drawMap(v), ...incoming(v), ...yourPlanets(v));
  if (v.me.options.AUTOUNLOAD) lines.push('', 'AUTO UNLOAD IS CURRENTLY SET');
  lines.push(...otherPlanets(v), ...yourGroups(v), ...alienGroups(v));
  return { turn: v.turn, data: v, text: lines.join('\n') + '\n', notices: notices(v) };
}
