import { ADMIN, empireOf, Player, startedGame, until } from '../support/app';
import { playTurn } from '../support/play-turn';
import { Person, screenshots, withBrowser } from './browser';

/**
 * The replay viewer and the audit screen in Chromium against the real server: a spectator replays a
 * game its players played (over the api), an admin verifies a turn and rules on a player's dispute.
 */
const { server, person } = withBrowser();

/** Someone at a browser of their own, logged in. */
async function logIn(name: string, password: string) {
  const who = await person();
  await who.page.goto('/app/login');
  await who.page.getByLabel('Name', { exact: true }).fill(name);
  await who.page.getByLabel('Password', { exact: true }).fill(password);
  await who.page.getByRole('button', { name: 'Log in' }).click();
  await who.page.getByRole('button', { name: 'Log out' }).waitFor();
  return who;
}

/** A Galactic Conflict game of ORION and VEGA with two turns resolved, each player building on every world. */
async function playedGame() {
  const { gameId, players } = await startedGame(server.url, ['ORION', 'VEGA']);
  await playTurn(players, gameId, 1);
  await playTurn(players, gameId, 2);
  return { gameId, players };
}

const position = ({ page }: Person) => page.locator('.replay-position');
const revisionShown = async (p: Person) => Number(/event (\d+) of/.exec(await position(p).innerText())![1]);

describe('the replay viewer', () => {
  it('replays a running game to a spectator: scrub, step, play; the map and the log follow, nothing private shows', async () => {
    const { gameId, players } = await playedGame();
    // What ORION sent for turn 2: a spectator is told that ORION sent orders, never which.
    const { text: secret } = (
      await server.admin.ok('GET', `/games/${gameId}/turns/2/audit`)
    ).submissions.find((s: { playerId: string }) => s.playerId === players[0].id);
    expect(secret).toMatch(/^B,\d+,/);

    const eve = await person();
    await eve.page.goto(`/app/games/${gameId}`);
    await eve.page.getByRole('link', { name: 'Replay' }).click();
    await eve.page.getByRole('heading', { name: /^Replay of / }).waitFor();
    await position(eve)
      .getByText(/event 0 of \d+/)
      .waitFor();
    const last = Number(/of (\d+)/.exec(await position(eve).innerText())![1]);

    // Step by step from the start: each step moves on, the log grows.
    await eve.page.getByRole('button', { name: 'Forward an event' }).click();
    await until(async () => (await revisionShown(eve)) > 0, 'a step forward');
    const logged = await eve.page.locator('.event-log li').count();
    await eve.page.getByRole('button', { name: 'Forward a turn' }).click();
    await eve.page.locator('[data-world]').first().waitFor();
    await until(async () => (await eve.page.locator('.event-log li').count()) > logged, 'the log grows');

    // Scrubbing with the keyboard alone: the slider's End key goes to the end of the record.
    await eve.page.getByRole('slider', { name: 'Position in the record' }).focus();
    await eve.page.keyboard.press('End');
    await position(eve).getByText(`event ${last} of ${last}`).waitFor();
    await eve.page.keyboard.press('Home');
    await position(eve).getByText(`event 0 of ${last}`).waitFor();

    // Played at a speed, it moves on by itself; paused, it stays.
    await eve.page.getByLabel('Speed').selectOption('5');
    await eve.page.getByRole('button', { name: 'Play' }).click();
    await until(async () => (await revisionShown(eve)) >= 3, 'playing on');
    // Screen readers are told the position when it stands still, not at every step played.
    expect(await position(eve).getAttribute('role')).toBeNull();
    await eve.page.getByRole('button', { name: 'Pause' }).click();
    await eve.page.getByRole('button', { name: 'Play' }).waitFor();
    await eve.page
      .getByRole('status')
      .filter({ hasText: /^Turn \d+ · event \d+ of/ })
      .waitFor();
    await eve.page.getByRole('button', { name: 'Back an event' }).click();

    // Back a turn: from within a turn to its opening, from there to the turn before's opening.
    await eve.page.getByRole('button', { name: 'To the end' }).click();
    await position(eve).getByText(`event ${last} of ${last}`).waitFor();
    await eve.page.getByRole('button', { name: 'Back an event' }).click();
    await until(async () => (await revisionShown(eve)) < last, 'an event back');
    const turnShown = Number(/^Turn (\d+)/.exec(await position(eve).innerText())![1]);
    expect(turnShown).toBeGreaterThan(1);
    const currentEntry = eve.page.locator('.event-log li[aria-current="step"]');
    await eve.page.getByRole('button', { name: 'Back a turn' }).click();
    await currentEntry.getByText(`Turn ${turnShown} opens`).waitFor();
    await eve.page.getByRole('button', { name: 'Back a turn' }).click();
    await currentEntry.getByText(`Turn ${turnShown - 1} opens`).waitFor();
    await position(eve)
      .getByText(new RegExp(`^Turn ${turnShown - 1} · `))
      .waitFor();

    // A spectator sees who sent orders, not what: no order line of either turn anywhere on the page.
    await eve.page.getByRole('slider', { name: 'Position in the record' }).focus();
    await eve.page.keyboard.press('Home');
    await position(eve).getByText(`event 0 of ${last}`).waitFor();
    await eve.page.getByLabel('Play by').selectOption('turn');
    await eve.page.getByRole('button', { name: 'Forward a turn' }).click();
    await position(eve)
      .getByText(/^Turn 1 · /)
      .waitFor();
    for (const turn of [1, 2]) {
      await eve.page.getByRole('button', { name: 'Forward a turn' }).click();
      await eve.page.getByText(`sends orders for turn ${turn}`).first().waitFor();
      expect(await eve.page.content()).not.toContain(secret.split('\n')[0]);
    }
    await eve.page.getByText('Scores are not public while the game runs.').waitFor();
    await screenshots(eve.page, 'replay');
    expect(eve.problems).toEqual([]);
  }, 120_000);
});

describe('the replay of a finished Galaxy game', () => {
  it('shows anyone the whole record, scores and planets, and any one race’s side of it', async () => {
    const { gameId, players } = await startedGame(server.url, ['Vogons', 'Zarquons'], { ruleset: 'galaxy' });
    const orders = (p: Player, line: string) => `#GALAXY Replay ${empireOf(p)}\n${line}\n#END`;
    await players[0].ok('POST', `/games/${gameId}/orders`, {
      text: orders(players[0], ''),
      ready: true,
    });
    // Zarquons quit, which leaves one race: the game ends, and its record opens.
    await players[1].ok('POST', `/games/${gameId}/orders`, {
      text: orders(players[1], 'Q Zarquons'),
      ready: true,
    });
    await until(async () => (await server.admin.ok('GET', `/games/${gameId}`)).status === 'ended', 'the end');

    const visitor = await person();
    await visitor.page.goto(`/app/games/${gameId}/replay`);
    await visitor.page.getByRole('button', { name: 'To the end' }).click();
    await position(visitor)
      .getByText(/event (\d+) of \1$/)
      .waitFor();
    const scores = visitor.page.getByRole('table', { name: 'Scores' });
    await scores.getByRole('rowheader', { name: 'Vogons' }).waitFor();
    await scores.getByRole('rowheader', { name: 'Zarquons' }).waitFor();
    expect(await visitor.page.locator('[data-planet]').count()).toBeGreaterThan(2);
    const yours = visitor.page.locator('[data-planet][aria-label*=", yours"]');
    expect(await yours.count()).toBe(0);

    // As the Zarquons saw it: their home planet theirs when the first turn opens.
    await visitor.page.getByLabel('Seen by').selectOption('Zarquons');
    await position(visitor)
      .getByText(/event 0 of/)
      .waitFor();
    await visitor.page.getByRole('button', { name: 'Forward a turn' }).click();
    await yours.first().waitFor();
    await visitor.page.getByRole('button', { name: 'To the end' }).click();
    await position(visitor)
      .getByText(/event (\d+) of \1$/)
      .waitFor();
    await visitor.page.locator('[data-planet]').first().waitFor();
    await screenshots(visitor.page, 'replay-galaxy');
    expect(visitor.problems).toEqual([]);
  }, 120_000);
});

describe('the audit screen', () => {
  it("lets an admin verify a turn, see its submissions and draws, and rule on a player's dispute", async () => {
    const { gameId, players } = await playedGame();
    // VEGA disputes turn 2 from the game screen.
    const vega = await logIn(players[1].name, `${players[1].name} password`);
    await vega.page.goto(`/app/games/${gameId}`);
    await vega.page.getByRole('tab', { name: /^Report/ }).click();
    await vega.page.getByText('Dispute a turn', { exact: true }).click();
    const disputing = vega.page.getByRole('form', { name: 'Dispute a turn' });
    await disputing.getByLabel('Turn').fill('2');
    await disputing.getByLabel('What went wrong').fill('My build on turn 2 went missing');
    await disputing.getByRole('button', { name: 'Send to the admins' }).click();
    await vega.page.getByText('awaiting a ruling').waitFor();

    const root = await logIn(ADMIN.ADMIN_NAME, ADMIN.ADMIN_PASSWORD);
    await root.page.goto(`/app/games/${gameId}`);
    await root.page.getByRole('link', { name: 'Audit' }).click();
    await root.page.getByRole('heading', { name: /^Audit of / }).waitFor();

    // Turn 2, the latest resolved: how it closed, both submissions counted, verified again.
    await root.page.getByRole('heading', { name: 'Turn 2' }).waitFor();
    await root.page.getByText(/Closed .*: all-ready/).waitFor();
    expect(await root.page.locator('.audit-list li.counted').count()).toBe(2);
    await root.page.getByRole('button', { name: 'Verify turn 2' }).click();
    await root.page.getByText(/^Verified: resolving it again gives the \d+ stored events\.$/).waitFor();
    await root.page.getByRole('button', { name: 'Show the random draws' }).click();
    await root.page.getByText('This resolution drew no random numbers.').waitFor();
    // The setup's draws, labelled in order.
    await root.page.getByLabel('Turn', { exact: true }).selectOption('0');
    await root.page.getByRole('heading', { name: 'Setup (turn 0)' }).waitFor();
    await root.page.getByRole('button', { name: 'Show the random draws' }).click();
    await root.page
      .getByRole('list', { name: 'Random draws' })
      .getByText(/^Draw 1: /)
      .waitFor();
    await root.page.getByRole('button', { name: 'Verify the whole game' }).click();
    await root.page.getByText(/^Verified: \d+ resolutions over \d+ turns/).waitFor();
    await screenshots(root.page, 'audit');

    // The dispute, upheld with a note being typed while turn 3 resolves: what is shown and what is
    // typed stay as they were while the screen catches up.
    await root.page.getByText('My build on turn 2 went missing').waitFor();
    const ruling = root.page.getByRole('form', { name: /^Rule on the dispute of VEGA/ });
    await ruling.getByLabel('Uphold').check();
    await ruling.getByLabel('Note to the player').fill('Your build was read wrongly');
    await playTurn(players, gameId, 3);
    await root.page.locator('#audit-turn option[value="4"]').waitFor({ state: 'attached' });
    expect(await ruling.getByLabel('Note to the player').inputValue()).toBe('Your build was read wrongly');
    expect(await root.page.getByRole('list', { name: 'Random draws' }).isVisible()).toBe(true);
    await ruling.getByRole('button', { name: 'Rule' }).click();
    await root.page.getByText('Ruled: upheld — Your build was read wrongly').waitFor();
    // VEGA is told at once.
    await vega.page.getByText('upheld: Your build was read wrongly').waitFor();
    await vega.page.getByRole('button', { name: 'Notifications, 1 unread' }).waitFor();
    await screenshots(vega.page, 'dispute-ruled');
    // Turn 2 is no longer the latest: it cannot be voided.
    expect(await root.page.getByRole('form', { name: 'Void turn 2' }).count()).toBe(0);

    // VEGA disputes turn 3, the latest resolved, which the form now offers; the admin voids it.
    await disputing.getByLabel('What went wrong').fill('My build on turn 3 went missing');
    expect(await disputing.getByLabel('Turn').inputValue()).toBe('3');
    await disputing.getByRole('button', { name: 'Send to the admins' }).click();
    await vega.page.getByText('awaiting a ruling').waitFor();
    await root.page.getByRole('button', { name: 'Refresh' }).click();
    await root.page.getByText('My build on turn 3 went missing').waitFor();
    await ruling.getByLabel('Uphold').check();
    await ruling.getByLabel('Note to the player').fill('Turn 3 is resolved again');
    await ruling.getByRole('button', { name: 'Rule' }).click();
    const voiding = root.page.getByRole('form', { name: 'Void turn 3' });
    await voiding.getByLabel('Why the turn is voided').fill('Upheld dispute');
    await voiding.getByRole('button', { name: 'Void turn 3 and resolve it again' }).click();
    await root.page.getByLabel('Turn', { exact: true }).selectOption('3');
    await root.page.getByRole('heading', { name: 'Resolution 2' }).waitFor();
    await root.page.getByText('Resolution 1 (voided)').waitFor();
    await screenshots(root.page, 'audit-voided');
    // Opened again once turn 4 is open: a dispute that voided its turn offers no second void.
    await until(async () => {
      const game = await server.admin.ok('GET', `/games/${gameId}`);
      return game.turn === 4 && !game.closed;
    }, 'turn 3 resolved again');
    await root.page.reload();
    await root.page.getByText('My build on turn 3 went missing').waitFor();
    expect(await voiding.count()).toBe(0);
    expect(root.problems).toEqual([]);
    expect(vega.problems).toEqual([]);
  }, 120_000);
});
