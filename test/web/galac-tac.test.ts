import { randomUUID } from 'node:crypto';
import { until } from '../support/app';
import { joinAndStart, ordersEditor, screenshots, signUp, withBrowser } from './browser';

const { person } = withBrowser();

const suffix = randomUUID().slice(0, 6);

describe('the web client for Galac-Tac', () => {
  it('two players start a game, see the grid map with the home system, design a ship, send CLASSIFY and a move, and read its result', async () => {
    const ada = await person();
    const bob = await person();
    await signUp(ada, `gt-ada-${suffix}`);
    await signUp(bob, `gt-bob-${suffix}`);

    const name = `Galac-Tac ${suffix}`;
    await ada.page.getByRole('link', { name: 'New game' }).click();
    await ada.page.getByLabel('Name', { exact: true }).fill(name);
    await ada.page.getByLabel('Ruleset').selectOption({ label: 'Galac-Tac' });
    await ada.page.getByLabel('Density').waitFor();
    await ada.page.getByRole('button', { name: 'Create game' }).click();
    await joinAndStart(ada, bob, name);

    // The grid map: her home system marked, with her starting fleets (§2.6: 29 ships, the 4 fighters in the carrier's hangar) there.
    const home = ada.page.locator('[data-loc][aria-label*="Home System, yours"]');
    await home.waitFor();
    const at = (await home.getAttribute('data-loc'))!;
    expect(at).toMatch(/^\d\d-\d\d$/);
    expect(await home.getAttribute('aria-label')).toContain('29 ships of yours');
    // Under the map, as on the book's reports: the date; and the empires she knows, only hers yet.
    expect(await ada.page.locator('.gt-key > span').allTextContents()).toEqual(['Date 3500-01', 'ADA (you)']);
    // Every star of the galaxy is on it (100 for two empires, §3), none of Bob's systems among hers.
    expect(await ada.page.locator('.gt-star').count()).toBe(100);
    await home.locator('.gt-star').click();
    await ada.page
      .getByText(new RegExp(`^${at} Unnamed Star System 10\\(100\\) PV, 100 PI, 0 M Home System$`))
      .waitFor();
    await ada.page.getByRole('table', { name: '25 fleets, 29 ships' }).waitFor();
    const scout = (await ada.page
      .getByRole('row')
      .filter({ has: ada.page.getByRole('cell', { name: 'SC1', exact: true }) })
      .first()
      .getByRole('rowheader')
      .textContent())!.split(' ')[0];
    expect(scout).toMatch(/^\d{4,5}$/);
    await screenshots(ada.page, 'gt-map');

    // The design screen: a rating typed gives its figures at TL 1 (GT-20: SSD 4, cost 34, delay 1) and
    // its counts; too many star drives for its size are refused; then the CLASSIFY line is added.
    await ada.page.getByText('Design a ship').click();
    const rating = ada.page.getByLabel('Rating', { exact: true });
    await rating.fill('4P/1;;/30-16');
    await ada.page
      .getByText('Not allowed: 30 star drives is over the maximum of 24 for SSD 5 at TL 1')
      .waitFor();
    await rating.fill('2P+1T5//16-16');
    const figure = (term: string) =>
      ada.page.locator('.gt-design .facts div', { hasText: term }).locator('dd');
    await ada.page.getByText('Legal at tech level 1').waitFor();
    expect(await figure('SSD').textContent()).toBe('4');
    expect(await figure('Cost').textContent()).toBe('34');
    expect(await figure('Delay').textContent()).toBe('1');
    expect(await figure('Size').textContent()).toBe('Small');
    expect(await ada.page.getByRole('spinbutton', { name: 'P-types (P)' }).inputValue()).toBe('2');
    expect(await ada.page.getByRole('spinbutton', { name: 'Missile racks' }).inputValue()).toBe('5');
    // A count changed writes the rating anew.
    await ada.page.getByRole('spinbutton', { name: 'Shields' }).fill('1');
    expect(await rating.inputValue()).toBe('2P+1T5/1;;/16-16');
    await ada.page.getByRole('spinbutton', { name: 'Shields' }).fill('0');
    expect(await rating.inputValue()).toBe('2P+1T5//16-16');
    await ada.page.getByLabel('Design code').fill('sct');
    await ada.page.getByLabel('Design name').fill('Scout');
    await screenshots(ada.page, 'gt-design');
    // A scout sent 30 squares along her row (a home is 5 or more squares from the edge, §3), then the
    // design's line added after it.
    const [y, x] = at.split('-').map(Number);
    const target = `${String(y).padStart(2, '0')}-${String(x <= 69 ? x + 30 : x - 30).padStart(2, '0')}`;
    // The order form leaves blank optional fields out: CHART with one ship, its square picked on the
    // map, and LOAD with one item (the second's kind offered blank).
    await ada.page.getByText('Build an order with a form').click();
    const form = ada.page.getByRole('form', { name: 'Add an order' });
    await form.getByRole('combobox', { name: /^Order/ }).selectOption('CHART');
    await form.locator('[name="order-Ship ID"]').fill(scout);
    const square = form.locator('[name="order-Location"]');
    await square.focus();
    await home.locator('.gt-star').click();
    expect(await square.inputValue()).toBe(at);
    expect(await form.locator('[name="order-Location 2"]').inputValue()).toBe('');
    await form.getByRole('button', { name: 'Add to orders' }).click();
    await until(
      async () => (await ordersEditor(ada, 1).inputValue()) === `CHART ${scout} ${at}`,
      'the CHART line in the editor',
    );
    await form.getByRole('combobox', { name: /^Order/ }).selectOption('LOAD');
    await form.locator('[name="order-Ship ID"]').fill(scout);
    await form.locator('[name="order-Quantity"]').fill('10');
    await form.locator('[name="order-Item"]').selectOption('PI');
    expect(await form.locator('[name="order-Item 2"]').inputValue()).toBe('');
    await form.getByRole('button', { name: 'Add to orders' }).click();
    await until(
      async () => (await ordersEditor(ada, 1).inputValue()) === `CHART ${scout} ${at}\nLOAD ${scout} 10 PI`,
      'the LOAD line in the editor',
    );
    expect(await form.locator('.diagnostics').count()).toBe(0);
    await ordersEditor(ada, 1).fill(`TO ${scout} ${target}`);
    await ada.page.getByRole('button', { name: 'Add CLASSIFY to orders' }).click();
    await until(
      async () =>
        (await ordersEditor(ada, 1).inputValue()) ===
        `TO ${scout} ${target}\nCLASSIFY SCT Scout 2P+1T5//16-16`,
      'the CLASSIFY line in the editor',
    );
    await ada.page.getByText('No problems found').waitFor();
    await ada.page.getByRole('button', { name: 'Submit and ready' }).click();
    await ada.page.getByText('Orders for turn 1 sent, and you are ready.').waitFor();
    await bob.page.getByRole('button', { name: 'Submit and ready' }).click();

    // The turn resolves: the scout is on its way (a route on the map), and the report tells the results.
    await ordersEditor(ada, 2).waitFor();
    await ada.page.locator('.gt-route').first().waitFor();
    await ada.page.getByRole('tab', { name: /Report/ }).click();
    await ada.page.getByRole('heading', { name: 'Report on turn 1' }).waitFor();
    await ada.page
      .getByRole('row', { name: /CLASSIFY SCT Scout 2P\+1T5\/\/16-16 executed SSD 4, cost 34, delay 1/ })
      .waitFor();
    await ada.page
      .getByRole('row', { name: new RegExp(`^${scout} SC1 Scout Ship //19-1 1 \\d\\d-\\d\\d TO ${target}`) })
      .waitFor();
    await screenshots(ada.page, 'gt-report');

    // The design is hers now: the design screen, still open from before the turn, lists it.
    await ada.page.getByRole('tab', { name: 'Orders' }).click();
    await ada.page.getByRole('row', { name: /^14 SCT Scout 2P\+1T5\/\/16-16 4 34 1 0 0/ }).waitFor();

    // The replay shows her map at each step: no route before turn 1 is resolved, the scout's after.
    await ada.page.getByRole('link', { name: 'Replay' }).click();
    await ada.page.getByRole('heading', { name: `Replay of ${name}` }).waitFor();
    await ada.page.getByRole('button', { name: 'Forward a turn' }).click();
    await ada.page.getByText(/^Turn 1 · event/).waitFor();
    const replayed = ada.page.locator('.replay-screen');
    await replayed.locator(`[data-loc="${at}"][aria-label*="Home System, yours"]`).waitFor();
    expect(await replayed.locator('.gt-route').count()).toBe(0);
    await ada.page.getByRole('button', { name: 'Forward a turn' }).click();
    await ada.page.getByText(/^Turn 2 · event/).waitFor();
    await replayed.locator('.gt-route').first().waitFor();
    await screenshots(ada.page, 'gt-replay');

    expect(ada.problems).toEqual([]);
    expect(bob.problems).toEqual([]);
  }, 180_000);
});
