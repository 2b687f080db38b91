import { randomUUID } from 'node:crypto';
import { distance, neighbours, parseLoc } from '../../libs/rulesets/galactic-domination/hex';
import { ADMIN, Client, until } from '../support/app';
import {
  DESKTOP,
  joinAndStart,
  ordersEditor,
  PHONE,
  screenshots,
  signUp,
  withBrowser,
  type Person,
} from './browser';

const { server, person } = withBrowser();

const suffix = randomUUID().slice(0, 6);

/** The page at phone width on its Map tab, then back at desktop width (the tab stays chosen). */
async function mapTab({ page }: Person) {
  await page.setViewportSize(PHONE);
  await page.getByRole('tab', { name: 'Map' }).click();
  await page.setViewportSize(DESKTOP);
}

/** The Tactics cards in each empire's hand, from the whole record. */
async function hands(gameId: string): Promise<Record<string, string[]>> {
  const { view } = await server.admin.ok('GET', `/games/${gameId}/view`);
  return Object.fromEntries(
    (view.players as { name: string; hand: string[] }[]).map((p) => [p.name, [...p.hand].sort()]),
  );
}

const handShown = async ({ page }: Person) =>
  (await page.locator('.gd-hand li').allTextContents()).map((t) => t.trim()).sort();

/**
 * On the new-game form: Galactic Domination chosen and `check` ticked, `turns` typed, at once: each
 * change rendered (Preact renders in a microtask) but nothing after it let run, as a quick hand or a
 * slow machine would have it.
 */
async function chooseAndSetAtOnce({ page }: Person, check: string[], turns: number) {
  await page.locator('select[name="ruleset"]').evaluate(
    async (select: HTMLSelectElement, { check, turns }) => {
      const field = (name: string) => select.form!.elements.namedItem(name) as HTMLInputElement;
      select.value = 'galactic-domination';
      select.dispatchEvent(new Event('change', { bubbles: true }));
      await Promise.resolve();
      for (const name of check) {
        field(name).click();
        await Promise.resolve();
      }
      field('turns').value = String(turns);
      field('turns').dispatchEvent(new Event('input', { bubbles: true }));
    },
    { check, turns },
  );
}

describe('the web client for Galactic Domination', () => {
  it('two players see their capitals on the hex board, pick a world for a BUILD, move their fleet and see the board after the turn', async () => {
    const ada = await person();
    const bob = await person();
    await signUp(ada, `gd-ada-${suffix}`);
    await signUp(bob, `gd-bob-${suffix}`);

    const name = `Galactic Domination ${suffix}`;
    await ada.page.getByRole('link', { name: 'New game' }).click();
    await ada.page.getByLabel('Name', { exact: true }).fill(name);
    await ada.page.getByLabel('Ruleset').selectOption({ label: 'Galactic Domination' });
    // The first to join plays the Terrans: two capitals, Earth and Mars, on the halves of one hex.
    await ada.page.locator('[name="race1"]').selectOption('Terran');
    await ada.page.getByRole('button', { name: 'Create game' }).click();
    const gameId = await joinAndStart(ada, bob, name);

    // The board: her main capital on half a of its hex, Mars on half b, her other system's halves
    // (Terran II and III) two hexes away; Bob's capital in his race's colour; most hexes unexplored.
    const earth = ada.page.locator('[data-loc][aria-label*="Earth, main capital, yours, R 8"]');
    await earth.waitFor();
    const capital = (await earth.getAttribute('data-loc'))!;
    expect(capital).toMatch(/^\d+,\d+\/a$/);
    const mars = ada.page.locator(`[data-loc="${capital.replace('/a', '/b')}"]`);
    expect(await mars.getAttribute('aria-label')).toContain('Mars, Capital, yours, R 4');
    const second = ada.page.locator('[data-loc$="/a"][aria-label*="Terran II, Sub-capital, yours"]');
    const other = (await second.getAttribute('data-loc'))!;
    const bobs = ada.page.locator('[data-loc][aria-label*="main capital, BOB, R 12"]');
    await bobs.waitFor();
    expect(await bob.page.locator('[data-loc][aria-label*="main capital, yours, R 12"]').count()).toBe(1);
    expect(await ada.page.locator('.gd-loc.unexplored').count()).toBeGreaterThan(20);

    // Selecting her capital tells what the view knows of it.
    await earth.click();
    const details = ada.page.locator('.gd-details');
    await details.getByRole('heading', { name: `Earth ${capital}` }).waitFor();
    const fact = (term: string) => details.locator('.facts div', { hasText: term }).locator('dd');
    expect(await fact('R').first().textContent()).toBe('8');
    expect(await fact('ODS').textContent()).toBe('Orbital Forts');
    expect(await fact('GBDS').textContent()).toBe('2');
    await details.getByText('Main capital, owner yours').waitFor();

    // The hands: each player sees their own three Tactics cards, never the other's.
    const dealt = await hands(gameId);
    expect(dealt.ADA).toHaveLength(3);
    expect(await handShown(ada)).toEqual(dealt.ADA);
    expect(await handShown(bob)).toEqual(dealt.BOB);
    expect(await ada.page.locator('.gd-hand').count()).toBe(1);
    await mapTab(ada);
    await screenshots(ada.page, 'gd-map');

    // Turn 1: the Exploration Fleet and its path (to her other system by a hex next to both), then a
    // BUILD from the form, its location picked on the map.
    const [from, to] = [parseLoc(capital)!, parseLoc(other)!];
    const step = neighbours(from).find((h) => distance(h, to) === 1)!;
    const lines = `EF F1: BB, 2 CA, DD, TT, 5 MI\nMOVE F1 ${step.q},${step.r} ${other}`;
    await ordersEditor(ada, 1).fill(lines);
    await ada.page.getByText('Build an order with a form').click();
    const form = ada.page.getByRole('form', { name: 'Add an order' });
    await form.getByRole('combobox', { name: /^Order/ }).selectOption('build');
    await form.locator('[name="order-unit"]').selectOption('GBDS');
    const at = form.locator('[name="order-at"]');
    await at.focus();
    await earth.click();
    expect(await at.inputValue()).toBe(capital);
    await form.getByRole('button', { name: 'Add to orders' }).click();
    await until(
      async () => (await ordersEditor(ada, 1).inputValue()) === `${lines}\nBUILD GBDS AT ${capital}`,
      'the BUILD line in the editor',
    );
    await ada.page.getByText('No problems found').waitFor();
    await ada.page.getByRole('button', { name: 'Submit and ready' }).click();
    await ada.page.getByText('Orders for turn 1 sent, and you are ready.').waitFor();
    await bob.page.getByRole('button', { name: 'Submit and ready' }).click();

    // The turn resolves: her fleet stands on Terran II, its path an arrow from Earth; Bob's standard
    // fleet is at his capital, its units unseen by her.
    await ordersEditor(ada, 2).waitFor();
    await ada.page.locator(`[data-loc="${other}"][aria-label*="fleets F1 of yours"]`).waitFor();
    // A straight arrow has no height: attached is what can be waited for.
    await ada.page.locator('.gd-path').waitFor({ state: 'attached' });
    expect(await ada.page.locator('.gd-path').count()).toBe(1);
    await until(async () => (await bobs.getAttribute('aria-label'))!.includes('F1 of BOB'), 'his fleet');
    await ada.page.locator(`[data-loc="${other}"]`).click();
    await details
      .getByText(
        `F1 of yours, speed 2, DD, 2 CA, BB, TT, 5 MI, path ${capital} → ${step.q},${step.r} → ${other}`,
      )
      .waitFor();
    await bobs.click();
    await details.getByText('F1 of BOB, speed 2, units unseen').waitFor();
    // Still her own hand only (the turn's draws included).
    expect(await handShown(ada)).toEqual((await hands(gameId)).ADA);
    await ada.page.getByText(`Played in turn 1:`).waitFor();
    await screenshots(ada.page, 'gd-turn-2');

    // A spectator sees the open board, no hand; an admin the whole record, every fleet's units.
    const eve = await person();
    await eve.page.goto(`/app/games/${gameId}`);
    await eve.page.locator(`[data-loc="${other}"][aria-label*="fleets F1 of ADA"]`).waitFor();
    expect(await eve.page.locator('.gd-hand').count()).toBe(0);
    const root = await person();
    await root.page.goto('/app/login');
    await root.page.getByLabel('Name', { exact: true }).fill(ADMIN.ADMIN_NAME);
    await root.page.getByLabel('Password', { exact: true }).fill(ADMIN.ADMIN_PASSWORD);
    await root.page.getByRole('button', { name: 'Log in' }).click();
    await root.page.getByRole('button', { name: 'Log out' }).waitFor();
    await root.page.goto(`/app/games/${gameId}`);
    const bobsCapital = root.page.locator('[data-loc][aria-label*="main capital, BOB"]');
    await bobsCapital.click();
    await root.page.locator('.gd-details').getByText('F1 of BOB, speed 2, DD, 2 CA, BB, TT, 5 MI').waitFor();

    for (const p of [ada, bob, eve, root]) expect(p.problems).toEqual([]);
  }, 180_000);

  it('settings given as the ruleset is chosen are kept; with discovery hexes and the Terran navy, a player sees her own counter and CP, not the other counter or cash', async () => {
    const ada = await person();
    const bob = await person();
    await signUp(ada, `gd2-ada-${suffix}`);
    await signUp(bob, `gd2-bob-${suffix}`);
    const name = `Discoveries ${suffix}`;
    await ada.page.getByRole('link', { name: 'New game' }).click();
    await ada.page.getByLabel('Name', { exact: true }).fill(name);
    await chooseAndSetAtOnce(ada, ['discovery', 'terranNavy'], 12);
    await ada.page.locator('[name="race1"]').selectOption('Terran');
    await ada.page.getByRole('button', { name: 'Create game' }).click();
    const gameId = await joinAndStart(ada, bob, name);
    const { settings } = await server.admin.ok('GET', `/games/${gameId}`);
    expect(settings).toMatchObject({ discovery: true, terranNavy: true, turns: 12, race1: 'Terran' });

    // Four turns by the api: in turn 2 she builds a DD at her shipyard (1 CP, Appendix N); in turn 4
    // (phase D) each places a discovery counter, hers where she says, his at random.
    const [a, b] = await Promise.all(
      [`gd2-ada-${suffix}`, `gd2-bob-${suffix}`].map((n) => Client.logIn(server.url, n, `${n} password`)),
    );
    const { view: start } = await a.ok('GET', `/games/${gameId}/view`);
    type Loc = { id: string; planet: { owner: string | null; shipyards: number } | null };
    const yard = (start.locations as Loc[]).find((l) => l.planet?.owner === 'ADA' && l.planet.shipyards > 0)!;
    const taken = new Set((start.fleets as { loc: string }[]).map((f) => f.loc));
    const spot = (start.locations as Loc[]).find(
      (l) => !l.planet && !taken.has(l.id) && !l.id.includes('/'),
    )!;
    const orders: Record<number, string> = { 2: `BUILD DD AT ${yard.id}`, 4: `DISCOVERY AT ${spot.id}` };
    for (let turn = 1; turn <= 4; turn++) {
      await a.ok('POST', `/games/${gameId}/orders`, { text: orders[turn] ?? '', ready: true });
      await b.ok('POST', `/games/${gameId}/orders`, { text: '', ready: true });
      await until(async () => (await a.ok('GET', `/games/${gameId}`)).turn > turn, `turn ${turn} resolved`);
    }
    const { view: full } = await server.admin.ok('GET', `/games/${gameId}/view`);
    const counters = full.discoveries as { owner: string; loc: string }[];
    const owner = (name: string) =>
      (full.players as { id: string; name: string }[]).find((p) => p.name === name)!.id;
    expect(counters.find((d) => d.owner === owner('ADA'))!.loc).toBe(spot.id);
    const his = counters.find((d) => d.owner === owner('BOB'))!.loc;
    const { view: mine } = await a.ok('GET', `/games/${gameId}/view`);
    expect(mine.me.cp).toBe(1);

    // Her board: her counter face down on its hex, his nowhere; her Stellars and CP by her VP, none of his.
    await ordersEditor(ada, 5).waitFor();
    const counter = ada.page.locator('.gd-discovery');
    await counter.waitFor();
    expect(await counter.count()).toBe(1);
    expect(await ada.page.locator(`[data-loc="${spot.id}"] .gd-discovery`).count()).toBe(1);
    expect(await ada.page.locator(`[data-loc="${spot.id}"]`).getAttribute('aria-label')).toContain(
      'discovery counter: yours, face down',
    );
    expect(await ada.page.locator(`[data-loc="${his}"] .gd-discovery`).count()).toBe(0);
    const row = (p: Person, empire: string) => p.page.locator('.gd-players li', { hasText: empire });
    expect(await row(ada, 'ADA').locator('.gd-purse').textContent()).toBe(`$${mine.me.cash} in hand, 1 CP`);
    expect(await row(ada, 'BOB').locator('.gd-purse').count()).toBe(0);
    await ada.page.locator(`[data-loc="${spot.id}"]`).click();
    await ada.page.locator('.gd-details').getByText('Discovery counter: yours, face down').waitFor();
    await mapTab(ada);
    await screenshots(ada.page, 'gd-discovery');

    // His: his own counter only, his Stellars without CP (not a Terran).
    await bob.page.locator(`[data-loc="${his}"] .gd-discovery`).waitFor();
    expect(await bob.page.locator('.gd-discovery').count()).toBe(1);
    expect(await bob.page.locator(`[data-loc="${spot.id}"] .gd-discovery`).count()).toBe(0);
    expect(await row(bob, 'BOB').locator('.gd-purse').textContent()).toMatch(/^\$\d+ in hand$/);
    expect(await row(bob, 'ADA').locator('.gd-purse').count()).toBe(0);

    for (const p of [ada, bob]) expect(p.problems).toEqual([]);
  }, 180_000);
});
