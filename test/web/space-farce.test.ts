import { randomUUID } from 'node:crypto';
import { ADMIN, until } from '../support/app';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import {
  DESKTOP,
  joinAndStart,
  ordersEditor,
  PHONE,
  SCREENSHOTS,
  screenshots,
  signUp,
  withBrowser,
} from './browser';

const { person } = withBrowser();

const suffix = randomUUID().slice(0, 6);

/** `<name>-phone-map.png`: a phone shows the map on a tab of its own, with the selection's details under it. */
async function phoneMap(page: Page, name: string) {
  await page.setViewportSize(PHONE);
  await page.getByRole('tab', { name: 'Map' }).click();
  await page.screenshot({ path: join(SCREENSHOTS, `${name}-phone-map.png`), fullPage: true });
  await page.getByRole('tab', { name: 'Orders' }).click();
  await page.setViewportSize(DESKTOP);
}

describe('the web client for Space Farce', () => {
  it('two players start a game, see their home system on the graph map, pick a planet for an order, and see the month move their task force', async () => {
    const ada = await person();
    const bob = await person();
    await signUp(ada, `sf-ada-${suffix}`);
    await signUp(bob, `sf-bob-${suffix}`);

    const name = `Space Farce ${suffix}`;
    await ada.page.getByRole('link', { name: 'New game' }).click();
    await ada.page.getByLabel('Name', { exact: true }).fill(name);
    await ada.page.getByLabel('Ruleset').selectOption({ label: 'Space Farce' });
    // The largest galaxy: 60 systems, the most the graph is laid out for.
    // Space Farce's defaults are in as it is chosen: its fewest players, 1.
    expect(await ada.page.getByLabel('Fewest players').inputValue()).toBe('1');
    await ada.page.getByLabel('Systems per player').fill('30');
    await ada.page.getByRole('button', { name: 'Create game' }).click();
    await joinAndStart(ada, bob, name);

    // Her home system on the graph, with her starting task force; the systems its warp points lead to
    // are known by number only (not visited).
    const home = ada.page.locator('[data-system][aria-label*="your home"]');
    await home.waitFor();
    const system = Number(await home.getAttribute('data-system'));
    expect(await home.getAttribute('aria-label')).toMatch(/your TF1/);
    const wps = ada.page.locator(`[data-area^="${system} WP"]`);
    expect(await wps.count()).toBeGreaterThan(0);
    const wp = (await wps.first().getAttribute('data-area'))!;
    const next = Number(wp.split('WP')[1]);
    const far = ada.page.locator(`[data-system="${next}"]`);
    expect(await far.getAttribute('aria-label')).toContain('not visited');

    // Selected: its bodies, her colony and task force.
    await home.click();
    const details = ada.page.locator('.sf-details');
    await details.getByRole('heading', { name: `System ${system}` }).waitFor();
    await details.getByText(/your home/).waitFor();
    await details.getByRole('table', { name: /bodies/ }).waitFor();
    await details.getByRole('row', { name: new RegExp(`^TF1 ${system} \\d+H`) }).waitFor();
    await screenshots(ada.page, 'sf-map');
    await phoneMap(ada.page, 'sf-map');

    // The order form: GUARD with the planet picked on the map (its area id fills the field).
    const homeWorld = ada.page.locator(`[data-area^="${system} "][aria-label*="yours"]`).first();
    const area = (await homeWorld.getAttribute('data-area'))!;
    expect(area).toMatch(/^\d+ \d+H$/);
    await ada.page.getByText('Build an order with a form').click();
    const form = ada.page.getByRole('form', { name: 'Add an order' });
    await form.getByRole('combobox', { name: /^Order/ }).selectOption('guard');
    await form.locator('[name="order-tf"]').fill('TF1');
    const guard = form.locator('[name="order-guard"]');
    await guard.focus();
    await homeWorld.click();
    expect(await guard.inputValue()).toBe(area);
    await form.getByRole('button', { name: 'Add to orders' }).click();
    await until(
      async () => (await ordersEditor(ada, 1).inputValue()) === `TF1: GUARD ${area}`,
      'the GUARD line in the editor',
    );
    // And off through the warp point to the system beyond.
    await ordersEditor(ada, 1).fill(
      `TF1: GUARD ${area}\nTF1: -> ${wp} -> ${next} WP${String(system).padStart(2, '0')}`,
    );
    await ada.page.getByText('No problems found').waitFor();
    await ada.page.getByRole('button', { name: 'Submit and ready' }).click();
    await ada.page.getByText('Orders for month 1 sent, and you are ready.').waitFor();
    await bob.page.getByRole('button', { name: 'Submit and ready' }).click();

    // The month resolves (the book's word for a turn, on the screen too): the system beyond is
    // visited now, her task force there or on its way.
    await ordersEditor(ada, 2).waitFor();
    expect(await ada.page.locator('.game-head p').first().textContent()).toContain(' · Month 2 · ');
    // Her notes say it too.
    await ada.page.getByRole('button', { name: /^Notifications, \d+ unread/ }).click();
    await ada.page
      .locator('#notification-list')
      .getByText('Month 1 resolved: your report is ready')
      .waitFor();
    await ada.page.getByRole('button', { name: /^Notifications/ }).click();
    await until(
      async () => !(await far.getAttribute('aria-label'))!.includes('not visited'),
      `system ${next} visited`,
    );
    await far.click();
    await details.getByRole('heading', { name: `System ${next}` }).waitFor();
    await screenshots(ada.page, 'sf-map-month-2');
    await phoneMap(ada.page, 'sf-map-month-2');

    // A route longer than a month (6 weeks, §4.2): at its end she sees the rest of it, home and
    // back through the warp point, as a path on the map.
    const back = `${next} WP${String(system).padStart(2, '0')}`;
    await details.getByRole('row', { name: new RegExp(`^TF1 ${back}`) }).waitFor();
    await ordersEditor(ada, 2).fill(
      `TF1: -> ${next} SURVEY -> ${back} -> ${wp} -> ${area} -> ${wp} -> ${back}`,
    );
    await ada.page.getByText('No problems found').waitFor();
    await ada.page.getByRole('button', { name: 'Submit and ready' }).click();
    await ada.page.getByText('Orders for month 2 sent, and you are ready.').waitFor();
    await ada.page.getByRole('tab', { name: /Report/ }).click();
    await ada.page.getByRole('heading', { name: 'Report on month 1' }).waitFor();
    await ada.page.getByRole('tab', { name: 'Orders' }).click();
    await bob.page.getByRole('button', { name: 'Submit and ready' }).click();
    await ordersEditor(ada, 3).waitFor();
    await ada.page.locator('.sf-route').first().waitFor({ state: 'attached' });
    await home.click();
    await details.getByRole('row', { name: new RegExp(`^TF1 ${area} .* to ${wp} → ${back}`) }).waitFor();
    await screenshots(ada.page, 'sf-map-route');
    await phoneMap(ada.page, 'sf-map-route');

    // An admin sees the whole galaxy: every system, every empire's task forces.
    const game = new URL(ada.page.url()).pathname;
    const root = await person();
    await root.page.goto('/app/login');
    await root.page.getByLabel('Name', { exact: true }).fill(ADMIN.ADMIN_NAME);
    await root.page.getByLabel('Password', { exact: true }).fill(ADMIN.ADMIN_PASSWORD);
    await root.page.getByRole('button', { name: 'Log in' }).click();
    await root.page.getByRole('button', { name: 'Log out' }).waitFor();
    await root.page.goto(game);
    await root.page.locator(`[data-system="${system}"][aria-label*="home of ADA"]`).click();
    await root.page
      .locator('.sf-details')
      .getByRole('heading', { name: `System ${system}` })
      .waitFor();
    expect(await root.page.locator('[data-system]').count()).toBe(60);
    await screenshots(root.page, 'sf-map-admin');

    // A spectator learns only the galaxy's size while the game runs.
    const carol = await person();
    await signUp(carol, `sf-carol-${suffix}`);
    await carol.page.goto(game);
    await carol.page.getByText(/The map of a running game is secret: 60 star systems/).waitFor();

    for (const p of [ada, bob, root, carol]) expect(p.problems).toEqual([]);
  }, 180_000);
});
