import { randomUUID } from 'node:crypto';
import { until } from '../support/app';
import {
  DESKTOP,
  ordersEditor,
  Person,
  PHONE,
  screenshots,
  SCREENSHOTS,
  signUp,
  withBrowser,
} from './browser';
import { join } from 'node:path';

const { person } = withBrowser();

const suffix = randomUUID().slice(0, 6);

/** The flag ('orders in', 'ready' …) an empire's entry in the players' list shows. */
const flag = ({ page }: Person, empire: string, text: string) =>
  page.locator('.players li', { hasText: empire }).getByText(text, { exact: true });

describe('the web client', () => {
  it('two players sign up, create and join a Galactic Conflict game, fix a typo, and see the turn resolve live through a network drop', async () => {
    const ada = await person();
    const bob = await person();
    await signUp(ada, `ada-${suffix}`);
    await signUp(bob, `bob-${suffix}`);

    // Ada creates the game with the form generated from GET /rulesets.
    const name = `Duel ${suffix}`;
    await ada.page.getByRole('link', { name: 'New game' }).click();
    await ada.page.getByLabel('Name', { exact: true }).fill(name);
    await ada.page.getByLabel('Ruleset').selectOption({ label: 'Galactic Conflict' });
    await ada.page.getByLabel('Home econ').waitFor();
    await screenshots(ada.page, 'new-game');
    // Told of it, Bob's lobby reads that game alone, not the whole list again.
    const listReads: string[] = [];
    bob.page.on('request', (r) => new URL(r.url()).pathname === '/games' && listReads.push(r.url()));
    await ada.page.getByRole('button', { name: 'Create game' }).click();
    await ada.page.getByRole('heading', { name }).waitFor();
    await ada.page.getByLabel("Your empire's name").fill('ADA');
    await ada.page.getByRole('button', { name: 'Join' }).click();
    await ada.page.locator('.players li', { hasText: 'ADA' }).waitFor();

    // Bob's lobby shows the new game without a reload; he joins, his name checked as he types, and
    // Ada sees him arrive without reloading.
    await bob.page.getByRole('link', { name: new RegExp(name) }).waitFor();
    expect(listReads).toEqual([]);
    await screenshots(bob.page, 'lobby');
    await bob.page.getByRole('link', { name: new RegExp(name) }).click();
    await bob.page.getByLabel("Your empire's name").fill('ada');
    await bob.page.getByText('"ada" is already taken').waitFor();
    expect(await bob.page.getByRole('button', { name: 'Join' }).isDisabled()).toBe(true);
    await screenshots(bob.page, 'name-check');
    await bob.page.getByLabel("Your empire's name").fill('BOB');
    await bob.page.getByText('BOB is free').waitFor();
    await bob.page.getByRole('button', { name: 'Join' }).click();
    await ada.page.locator('.players li', { hasText: 'BOB' }).waitFor();
    await screenshots(ada.page, 'open-game');

    // Ada starts it: both get the game screen live.
    await ada.page.getByRole('button', { name: 'Start the game' }).click();
    for (const p of [ada, bob]) await ordersEditor(p, 1).waitFor();
    const home = (await ada.page
      .locator('[data-world][aria-label*=", yours,"]')
      .first()
      .getAttribute('data-world'))!;
    expect(home).toMatch(/^\d+$/);

    // A typo gets its diagnostic on its line as Ada types.
    await ordersEditor(ada, 1).fill(`B,${home},A,5\nBX,${home},C,5`);
    await ada.page.locator('#orders-diagnostics li.error', { hasText: 'line 2' }).waitFor();
    await screenshots(ada.page, 'orders-typo');

    // She drops the bad line and builds the other order with the form, picking her world on the map.
    await ordersEditor(ada, 1).fill(`B,${home},A,5`);
    await ada.page.getByText('Build an order with a form').click();
    await ada.page.getByRole('combobox', { name: /^Order/ }).selectOption({ label: 'B · Build' });
    const world = ada.page.getByRole('spinbutton', { name: /^World/ });
    await world.focus();
    await ada.page.locator(`[data-world="${home}"]`).click();
    expect(await world.inputValue()).toBe(home);
    await ada.page.getByRole('combobox', { name: /^Item/ }).selectOption('CP');
    await ada.page.getByRole('spinbutton', { name: /^Econ/ }).fill('5');
    await ada.page.getByRole('button', { name: 'Add to orders' }).click();
    // The api writes the form's order in the rulebook's syntax.
    await until(
      async () => (await ordersEditor(ada, 1).inputValue()) === `B,${home},A,5\nB,${home},C,5`,
      "the form's order in the editor",
    );
    await ada.page.getByText('No problems found').waitFor();

    // Bob's network drops; meanwhile Ada submits and is ready.
    await bob.context.setOffline(true);
    await bob.page.locator('.connection', { hasText: 'Offline' }).waitFor();
    await ada.page.getByRole('button', { name: 'Submit and ready' }).click();
    await ada.page.getByText(`Orders for turn 1 sent, and you are ready.`).waitFor();
    await flag(ada, 'ADA', 'ready').waitFor();
    await screenshots(ada.page, 'orders-sent');

    // Back online, Bob's client reconnects by itself and catches up: Ada is ready.
    await bob.context.setOffline(false);
    await bob.page.locator('.connection', { hasText: 'Live' }).waitFor();
    await flag(bob, 'ADA', 'ready').waitFor();

    // Bob sends no orders and is ready: the turn resolves, and both see their report without reloading.
    await bob.page.getByRole('button', { name: 'Submit and ready' }).click();
    for (const p of [ada, bob]) {
      await ordersEditor(p, 2).waitFor();
      await p.page.getByRole('tab', { name: /Report.*1 unread/ }).click();
      await p.page.getByRole('heading', { name: 'Report on turn 1' }).waitFor();
    }
    // The home world's row (its number alone may also be a count in the table: Econ 10, AF 20 …).
    await ada.page.getByRole('row', { name: new RegExp(`^${home} ADA `) }).waitFor();
    await screenshots(ada.page, 'report');
    await ada.page.getByRole('button', { name: 'Printout' }).click();
    const printout = ada.page.locator('pre.printout', { hasText: 'GALACTIC CONFLICT' });
    await printout.waitFor();
    // 80 columns fit at desktop width: no sideways scrolling.
    expect(await printout.evaluate((pre) => pre.scrollWidth - pre.clientWidth)).toBe(0);
    await screenshots(ada.page, 'printout');

    // A message arrives live, counted unread until Bob opens it.
    await ada.page.getByRole('tab', { name: /Messages/ }).click();
    await ada.page.getByLabel('Message', { exact: true }).fill('Peace, neighbour?');
    await ada.page.getByRole('button', { name: 'Send' }).click();
    await bob.page.getByRole('button', { name: 'Notifications, 1 unread' }).waitFor();
    await bob.page.getByRole('tab', { name: /Messages.*1 unread/ }).click();
    await bob.page.getByText('Peace, neighbour?').waitFor();
    await screenshots(bob.page, 'messages');

    // The map on a phone, with what Bob knows of his world.
    await bob.page.setViewportSize(PHONE);
    await bob.page.getByRole('tab', { name: 'Map' }).click();
    await bob.page.locator('[data-world][aria-label*=", yours,"]').first().click();
    await bob.page.getByText('Owner: you').waitFor();
    await bob.page.screenshot({ path: join(SCREENSHOTS, 'map-phone.png'), fullPage: true });

    // On a phone the map and the orders take turns on the screen: what Bob typed stays through a
    // visit to the map, and the world he picks there fills the field he left.
    await bob.page.getByRole('tab', { name: 'Orders' }).click();
    await ordersEditor(bob, 2).fill('# plans for turn 2');
    await bob.page.getByText('Build an order with a form').click();
    await bob.page.locator('input[name="order-from"]').focus();
    await bob.page.getByRole('tab', { name: 'Map' }).click();
    const bobsWorld = bob.page.locator('[data-world][aria-label*=", yours,"]').first();
    const picked = (await bobsWorld.getAttribute('data-world'))!;
    await bobsWorld.click();
    await bob.page.locator('input[name="order-from"]').waitFor();
    expect(await bob.page.locator('input[name="order-from"]').inputValue()).toBe(picked);
    expect(await ordersEditor(bob, 2).inputValue()).toBe('# plans for turn 2');
    await bob.page.setViewportSize(DESKTOP);

    expect(ada.problems).toEqual([]);
    expect(bob.problems).toEqual([]);
  }, 120_000);
});
