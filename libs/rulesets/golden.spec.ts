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
  {
    ruleset: 'space-farce',
    settings: {},
    players: [
      { id: 'p1', name: 'ALTAIR' },
      { id: 'p2', name: 'BETELGEUSE' },
    ],
    // ALTAIR (home 20 2H) places its own starting infrastructure (more than 50 BP: the last line is
    // reduced), builds a ship too large for a planet (rejected), strips a world it does not own
    // (rejected), researches, sets its maintenance order and writes a line with a control character;
    // then splits off its survey ships, sends them through WP05 to survey system 5, builds at its
    // base's yards and a ground base, strips its home, loads colonists its transport has no room for
    // (rejected), sets a conditional order and a damage priority. BETELGEUSE (home 8 2H) keeps the
    // default package, builds survey ships, sends TF1 to survey without a survey system (rejected)
    // and through WP12, proposes a treaty to an empire it has not met (rejected), sets its doctrine,
    // misses month 2, researches more than it may (unreadable) and renounces.
    turns: [
      {
        p1: [
          'SETUP 20 2H BASE BS "SACCCSySySySySySyE"',
          'SETUP 20 2H DD "SOE" x2',
          'SETUP 20 2H SV "*CE" x2',
          'SETUP 20 2H TRN "CCCCEE"',
          'SETUP 20 2H PCF 4',
          'SETUP 20 3G CC "SAO/\\EE" x3',
          'BUILD 20 2H CA "SSAAOO/\\/\\EE"',
          'STRIP 8 2H',
          'RESEARCH 8 QUEUE GEN1,ECON1',
          'MAINT ORDER pcf,bases,warships,transports',
          'HELLO\u0007WORLD',
        ].join('\n'),
        p2: [
          'BUILD 8 2H SV "*CE" x2',
          'RESEARCH 10 QUEUE BEAM1',
          'TF1: SURVEY 12',
          'TF1: -> 8 WP12 -> 12 WP08',
          'PROPOSE ALTAIR nap',
          'DOCTRINE TF1 roe=attack withdrawAt=50',
        ].join('\n'),
      },
      {
        p1: [
          'SPLIT TF1 TF2: SV1 SV2',
          'TF2: -> 20 WP05 -> 5 WP20',
          'TF2: SURVEY 5',
          'BUILD BS1 CC "SAO/\\EE" x2',
          'BUILD 20 2H GB "AAAVVC"',
          'FLAG TF1 DD1',
          'TF1: GUARD 20 2H',
          'STRIP 20 2H',
        ].join('\n'),
      },
      {
        p1: [
          'TRANSFER 20 2H 2 TO TF1',
          'BUILD 20 2H MP 3',
          'LOAD TF1 MP 20 AT 20 2H',
          'IF CONTACT TF2 THEN TF2: HOLD',
          'PRIORITY SOE O,S,E',
          'RESEARCH 10',
        ].join('\n'),
        p2: ['BUILD BS1 PACKED 6', 'PLANETS callMilitia=no', 'RESEARCH 40', 'BUILD 8 2H PCF 3'].join('\n'),
      },
      {
        p1: ['BUILD 20 2H SC F x4 INTO BS1', 'MERGE NEW1 INTO TF1', 'RESEARCH 10'].join('\n'),
        p2: ['MERGE NEW1 INTO TF1', 'RENOUNCE ALTAIR', 'TF1: HOLD'].join('\n'),
      },
    ],
  },
  {
    ruleset: 'galactic-domination',
    settings: {},
    players: [
      { id: 'p1', name: 'ALTAIR' },
      { id: 'p2', name: 'BETELGEUSE' },
    ],
    // ALTAIR (capital 0,2) takes the standard Exploration Fleet and sends it to the Neutral World at
    // 0,4 (a space and a ground battle), buys a carrier with fighters and MI, a battleship where it
    // has no SY (rejected), a Tactics card, and writes a line with a control character; then places
    // its builds, steals a card, offers a trade, embarks MI, moves a fleet it does not have
    // (rejected), splits off a fleet and merges it back, explores, lands MI, moves a fleet where it
    // cannot (rejected) and plays a card against BETELGEUSE's fleet. BETELGEUSE (capital 8,3) splits its
    // Exploration Fleet in two (a pirate fleet and a Neutral World's defences), sets a planet's
    // stance, buys a GBDS and a battleship, misses turn 2 (its builds are placed for it), trades in
    // two cards, accepts the offer and bombards with a BB it does not have (rejected).
    turns: [
      {
        p1: [
          'EF F1: BB, 2 CA, DD, TT, 5 MI',
          'MOVE F1 0,3 0,4',
          'STANCE DEFAULT neutral=auto captureSY=keep',
          'BUILD CV WITH Ftr 4 AT 0,2',
          'BUILD MI AT 0,2 x2',
          'BUILD BB AT 2,2/a',
          'BUY TC',
          'HELLO\u0007WORLD',
        ].join('\n'),
        p2: [
          'EF F1: CV, 6 Ftr, 2 FF, TT, 4 MI; F2: 2 FF',
          'MOVE F1 8,4 7,5',
          'MOVE F2 8,4 8,5',
          'PLANET 6,3/a defenseMode=space scuttleSY=yes',
          'BUILD GBDS AT 6,3/a',
          'BUILD BB AT 8,3',
        ].join('\n'),
      },
      {
        p1: [
          'PLACE B1 AT 0,2',
          'PLACE B3 AT 0,2 FLEET NEW',
          'PLAY MASTER_THIEF player=BETELGEUSE wants=BENEVOLENCE',
          'OFFER BETELGEUSE GIVE $5 FOR chit:BoB',
          'EMBARK F1 MI 5 FROM 0,4',
          'MOVE F1 1,4',
          'MOVE F9 1,1',
          'BUILD DD AT 0,2 x2',
        ].join('\n'),
      },
      {
        p1: [
          'FLEET F4 FROM F1: CA1',
          'MOVE F3 -1,3',
          'DISEMBARK F1 MI 2 TO 1,4',
          'MERGE F2 INTO F1',
          'BUY RISK',
        ].join('\n'),
        p2: [
          'TRADEIN TC GALACTIC_SPIRIT SUPERWEAPON',
          'ACCEPT O1',
          'BOMBARD F1.BB9 8,5',
          'MOVE F1 8,4 8,5',
          'BUILD CA AT 8,3 x2',
        ].join('\n'),
      },
      {
        p1: [
          'MERGE F4 INTO F1',
          'MOVE F3 -2,4 -2,5',
          'MOVE F1 3,3 4,3',
          'BUILD MI AT 1,4',
          'PLAY INTERNAL_INTRIGUE player=BETELGEUSE fleet=F1',
        ].join('\n'),
        p2: ['MOVE F1 8,5 -', 'STANCE F1 neutral=fight invade=yes', 'BUY TC'].join('\n'),
      },
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
