import { playTurn, resolveSettings, setupGame, type PlayerRef, type Settings } from '@warpgate/engine';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { diff } from 'jest-diff';
import { getRuleset } from './index';

/**
 * Golden files: the full printouts of a fixed-seed game of each ruleset, committed under
 * test/golden/<ruleset>/turn-<n>-<player>.txt (turn 0: the report after setup, then one per turn
 * resolved). A change to a printout shows here as a diff to read; when it is intended, `npm run
 * golden` (UPDATE_GOLDEN=1) writes the files again, and the diff is reviewed in the commit.
 */

const UPDATE = process.env.UPDATE_GOLDEN === '1';
const ROOT = join(__dirname, '../../test/golden');

interface Script {
  ruleset: string;
  settings: Settings;
  players: PlayerRef[];
  /** Per turn resolved, each player's order text, as submitted; a player left out missed the turn. */
  turns: Record<string, string>[];
}

const galaxyOrders = (race: string, ...lines: string[]) =>
  [`#GALAXY Golden ${race}`, ...lines, '#END'].join('\n');

const SCRIPTS: Script[] = [
  {
    ruleset: 'galactic-conflict',
    settings: {},
    players: [
      { id: 'p1', name: 'ALTAIR' },
      { id: 'p2', name: 'BETELGEUSE' },
    ],
    // ALTAIR (home 34) attacks the neutral world next door, builds more than its Econ allows (the
    // last build is reduced), moves from worlds it does not own (rejected) and writes a line with
    // a control character that is no order; BETELGEUSE (home 26) probes and attacks ALTAIR's home,
    // arriving on turn 3, and misses turn 2 (its Econ order is reused).
    turns: [
      {
        p1: 'A,34,39,10\nB,34,A,4\nP,34,11\nB,34,D,99\nM,12,34,A,3\nHELLO\u0007WORLD',
        p2: 'A,26,34,6\nP,26,34\nE,26',
      },
      { p1: 'M,39,34,A,2\nB,34,C,5\nB,34,F,5' },
      { p1: 'E,34', p2: 'B,26,A,10' },
    ],
  },
  {
    ruleset: 'galaxy',
    // A small galaxy: the two homes are 26 ly apart, two turns for a fast ship.
    settings: { size: 40, homeDistance: 15, devPlanets: 2, fillerPlanets: 2 },
    players: [
      { id: 'p1', name: 'Altair' },
      { id: 'p2', name: 'Bellatrix' },
    ],
    // Altair builds raiders and sends them to Bellatrix's home (in hyperspace on turn 2, a battle
    // on turn 3), sends a group it does not have yet (rejected), asks for an address, writes a line
    // with a control character that is no order, sorts its groups, upgrades a group in hyperspace
    // and breaks off more ships than the group has (both rejected). Bellatrix renames its home, builds guards, writes
    // to Altair and a race that is not in the game (reduced) and misses turn 2.
    turns: [
      {
        p1: galaxyOrders(
          'Altair',
          'D Raider 10 1 1 1 0',
          'P 4 Raider',
          'S 1 6',
          'F Bellatrix',
          'V\u0007 12',
          'M 0 0 40',
          'O SORTGROUPS',
        ),
        p2: galaxyOrders(
          'Bellatrix',
          'D Guard 2 1 1 5 0',
          'P 5 Guard',
          'N 5 Castle',
          '@ Altair Vega',
          'Leave us alone.',
          '@',
        ),
      },
      { p1: galaxyOrders('Altair', 'S 1 Castle', 'P 4 DRIVE', 'G 1', 'B 1 99') },
      { p1: galaxyOrders('Altair', 'P 4 CAP'), p2: galaxyOrders('Bellatrix', 'P Castle CAP') },
    ],
  },
  {
    ruleset: 'galac-tac',
    settings: {},
    players: [
      { id: 'p1', name: 'ALTAIR' },
      { id: 'p2', name: 'BETELGEUSE' },
    ],
    // ALTAIR (home 17-40) charts two stars and colonizes one of them (a colony on turn 4), sends a
    // scout and a freighter to BETELGEUSE's home (75 squares: both arrive on turn 4, the scout
    // unseen, the freighter into the stations' DEFEND: a combat it does not survive), loads PV where
    // there is none (failed), researches, builds missiles, a station (four fortnights in dry dock),
    // a new design it cannot pay for (failed), joins and detaches a ship, writes a line with a
    // control character and asks for maps and shipyard reports. BETELGEUSE (home 92-17) defends
    // with its stations, names its home and a ship, charts and colonizes a star and misses turn 2.
    turns: [
      {
        p1: [
          'CHART 2452 13-39 3953 15-35',
          'SCOUT 4106 92-17',
          'TO 3845 92-17',
          'LOAD 4775 10 PV',
          'RESEARCH 17-40 40',
          'MISSILES 17-40 5',
          'CLASSIFY SC Scout 2P+1T5//16-16',
          'BUILD 17-40 ST1 Fort',
          'BUILD 17-40 SC Picket',
          'JOIN 1106 4170',
          'HELLO\u0007WORLD',
          'MAP QUAD 15-35 PV',
          'SHIPYARD CODE',
        ].join('\n'),
        p2: ['DEFEND 1200 4380', 'NAME 92-17 Castle', 'NAME 1299 Guard', 'CHART 1339 88-17'].join('\n'),
      },
      { p1: ['COLONIZE 4775 13-39 Nova', 'DETACH 4170', 'SHIPYARD'].join('\n') },
      {
        p1: ['TO 2452 17-40', 'RESEARCH 17-40 10'].join('\n'),
        p2: ['DEFEND 1299 5055', 'COLONIZE 1512 88-17 Outpost'].join('\n'),
      },
      { p1: 'MAP PV', p2: 'SHIPYARD SSD-' },
    ],
  },
];

const SEED = 'golden';

const fileName = (turn: number, player: PlayerRef) => `turn-${turn}-${player.name.toLowerCase()}.txt`;

/** Each player's printout text after setup and after each turn, by file name. */
function printouts({ ruleset: id, settings, players, turns }: Script): Map<string, string> {
  const ruleset = getRuleset(id);
  let { state } = setupGame(ruleset, resolveSettings(ruleset.settings, settings).settings, players, SEED);
  const out = new Map<string, string>();
  // A player the ruleset gives no report (Ruleset.report null) has this file.
  const print = (turn: number) => {
    for (const p of players) out.set(fileName(turn, p), ruleset.report(state, p.id)?.text ?? '(no report)\n');
  };
  print(0);
  turns.forEach((texts, i) => {
    // As the platform resolves a turn: each submission's text parsed again (submittedOrders).
    const orders = Object.fromEntries(
      Object.entries(texts).map(([playerId, text]) => [playerId, ruleset.parseOrders(text).orders]),
    );
    state = playTurn(ruleset, state, orders, SEED).state;
    print(i + 1);
  });
  return out;
}

describe.each(SCRIPTS)('the printouts of $ruleset', (script) => {
  const dir = join(ROOT, script.ruleset);
  const files = [0, ...script.turns.map((_, i) => i + 1)].flatMap((turn) =>
    script.players.map((p) => fileName(turn, p)),
  );
  // Played in a test, not while collecting them: a ruleset that throws fails its own tests only.
  let printed: Map<string, string>;
  beforeAll(() => {
    printed = printouts(script);
  });

  if (UPDATE) {
    it('are written again', () => {
      rmSync(dir, { recursive: true, force: true });
      mkdirSync(dir, { recursive: true });
      for (const [file, text] of printed) writeFileSync(join(dir, file), text);
    });
    return;
  }

  it.each(files)('%s is as committed', (file) => {
    const path = join(dir, file);
    let committed: string;
    try {
      committed = readFileSync(path, 'utf8');
    } catch {
      throw new Error(`${path} is missing: \`npm run golden\` writes it`);
    }
    const text = printed.get(file)!;
    if (committed !== text)
      throw new Error(
        `The printout differs from ${path}; if the change is intended, \`npm run golden\` writes it again.\n` +
          diff(committed, text, { aAnnotation: 'Committed', bAnnotation: 'Printed now', expand: false }),
      );
  });

  it('has no other committed file', () => {
    expect(readdirSync(dir).sort()).toEqual([...files].sort());
  });
});
