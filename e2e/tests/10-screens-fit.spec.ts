import type { Locator, Page } from '@playwright/test';
import { expect, signInThroughApi, test } from '../support/fixtures';
import { readServerState } from '../support/server';

/**
 * Screens that must fit: on a phone (390 x 844) and at 1440 px, what each page shows stays inside
 * its card and the window, measured with the boxes the browser laid out (issue 15, "Screens at
 * 390 px"); at 1440 x 900 the order ticket shows its estimate, a refusal and the Place button
 * without a scroll (issue 36). The account buys a few shares first, so Portfolio and Trades have
 * rows (and a sell of them today trues up the day's charges).
 */

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };
/** Sub-pixel rounding of boxes. */
const SLACK = 0.5;

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

async function box(locator: Locator): Promise<Box> {
  const found = await locator.boundingBox();
  expect(found, `${locator} has a box`).not.toBeNull();
  return found as Box;
}

/** `inner` lies inside `outer`, at least `inset` px from its left and right edges. */
function expectInside(inner: Box, outer: Box, what: string, inset = 0): void {
  expect(inner.x, `${what}: left edge`).toBeGreaterThanOrEqual(outer.x + inset - SLACK);
  expect(inner.x + inner.width, `${what}: right edge`).toBeLessThanOrEqual(
    outer.x + outer.width - inset + SLACK,
  );
}

function overlap(a: Box, b: Box): boolean {
  return (
    a.x + SLACK < b.x + b.width &&
    b.x + SLACK < a.x + a.width &&
    a.y + SLACK < b.y + b.height &&
    b.y + SLACK < a.y + a.height
  );
}

/** The page does not scroll sideways: nothing is wider than the window. */
async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(scrollWidth, 'the page is no wider than the window').toBeLessThanOrEqual(clientWidth);
}

/** An element's own text fits in it (not clipped or cut by an ellipsis). */
async function expectTextFits(locator: Locator, what: string): Promise<void> {
  const { scrollWidth, clientWidth } = await locator.evaluate((element) => ({
    scrollWidth: element.scrollWidth,
    clientWidth: element.clientWidth,
  }));
  expect(scrollWidth, `${what}: its text fits`).toBeLessThanOrEqual(clientWidth);
}

test.describe('screens that fit', () => {
  test.beforeAll(async ({ browser }) => {
    const server = readServerState();
    const page = await browser.newPage();
    const token = await signInThroughApi(page, server);
    const headers = { authorization: `Bearer ${token}` };
    // Only what is not held yet: a test that fails starts a new worker, which runs this again, and
    // earlier spec files leave their own holdings.
    const held = await page.request.get(`${server.baseUrl}/api/portfolio/holdings`, { headers });
    expect(held.status(), await held.text()).toBe(200);
    const symbols = new Set(
      ((await held.json()) as { data: Array<{ symbol: string }> }).data.map((h) => h.symbol),
    );
    for (const [symbol, quantity] of [
      ['RELIANCE', 4],
      ['HDFCBANK', 6],
      ['ICICIBANK', 5],
    ] as const) {
      if (symbols.has(symbol)) continue;
      const res = await page.request.post(`${server.baseUrl}/api/trading/orders`, {
        headers,
        data: { symbol, side: 'BUY', quantity, order_type: 'MARKET', product: 'CNC' },
      });
      expect(res.status(), await res.text()).toBe(200);
    }
    await page.close();
  });

  test.describe('on a phone (390 x 844)', () => {
    test.use({ viewport: PHONE });

    test('Portfolio: a two-column summary, then each holding with its P&L, price and Buy / Sell in view', async ({
      signedIn: page,
      server,
      problems,
    }) => {
      await page.goto(`${server.baseUrl}/portfolio`);
      const summary = page.getByRole('region', { name: 'Summary' });
      const cards = summary.getByRole('group');
      await expect(cards).toHaveCount(4);
      await expect(cards.first()).not.toContainText('--');
      const [value, dayPnl, positions, returns] = await Promise.all(
        [0, 1, 2, 3].map((i) => box(cards.nth(i))),
      );
      expect(Math.abs(value!.y - dayPnl!.y), 'Total Value and Daily P&L side by side').toBeLessThan(1);
      expect(
        Math.abs(positions!.y - returns!.y),
        'Active Positions and Total Returns side by side',
      ).toBeLessThan(1);
      for (const card of [value!, dayPnl!, positions!, returns!])
        expectInside(card, await box(summary), 'a card');

      // No table to scroll sideways: a list, each holding's figures and buttons inside the window.
      await expect(page.getByRole('table', { name: 'Current holdings' })).toHaveCount(0);
      const list = page.getByRole('list', { name: 'Current holdings' });
      const items = list.getByRole('listitem');
      await expect(items.filter({ hasText: 'RELIANCE' })).toBeVisible();
      const screen = { x: 0, y: 0, width: PHONE.width, height: PHONE.height };
      for (const item of await items.all()) {
        const itemBox = await box(item);
        expectInside(itemBox, screen, 'a holding');
        const symbol =
          (await item
            .getByText(/^[A-Z&-]+$/)
            .first()
            .textContent()) ?? '';
        for (const part of [
          item.getByTestId('holding-pnl'),
          item.getByTestId('holding-return'),
          item.getByTestId('current-price'),
          item.getByRole('button', { name: `Buy ${symbol} CNC` }),
          item.getByRole('button', { name: `Sell ${symbol} CNC` }),
        ]) {
          await expect(part).toBeVisible();
          expectInside(await box(part), itemBox, `${symbol}: ${part}`);
        }
      }
      // The holdings start within the first screen and a half, not under four stacked cards.
      expect((await box(list)).y).toBeLessThan(PHONE.height * 1.2);
      await expectNoSidewaysScroll(page);
      expect(problems.list()).toEqual([]);
    });

    test('Settings: every tab is whole, legible and apart from the others', async ({
      signedIn: page,
      server,
      problems,
    }) => {
      await page.goto(`${server.baseUrl}/settings`);
      const tabList = page.getByRole('tablist', { name: 'Settings sections' });
      const tabs = tabList.getByRole('tab');
      await expect(tabs).toHaveCount(7);
      const listBox = await box(tabList);
      expectInside(listBox, { x: 0, y: 0, width: PHONE.width, height: PHONE.height }, 'the tab bar');
      const boxes: Box[] = [];
      for (const tab of await tabs.all()) {
        const name = (await tab.textContent()) ?? '';
        const tabBox = await box(tab);
        expectInside(tabBox, listBox, `tab ${name}`);
        await expectTextFits(tab, `tab ${name}`);
        for (const other of boxes) expect(overlap(tabBox, other), `tab ${name} overlaps another`).toBe(false);
        boxes.push(tabBox);
      }
      await tabs.filter({ hasText: 'Releases' }).click();
      await expect(page).toHaveURL(/tab=releases/);
      await expectNoSidewaysScroll(page);
      expect(problems.list()).toEqual([]);
    });

    test('Dashboard: the Market Status badge stays inside its card', async ({ signedIn: page, server }) => {
      await page.goto(`${server.baseUrl}/dashboard`);
      const market = page.getByRole('region', { name: 'Market Status' });
      await expect(market.getByTestId('index-NIFTY_50-value')).toBeVisible();
      const heading = market.getByRole('heading', { name: 'Market Status' });
      // The session badge is the header's other child.
      const badge = heading.locator('xpath=../..').locator('.chakra-badge');
      await expect(badge).toBeVisible();
      expectInside(await box(badge), await box(market), 'the session badge', 16);
      await expectNoSidewaysScroll(page);
    });

    test('Trades: scrolled to its end, the table shows the whole time, IST included', async ({
      signedIn: page,
      server,
    }) => {
      await page.goto(`${server.baseUrl}/trades`);
      const row = page.getByTestId('trade-row').first();
      await expect(row).toBeVisible();
      const scrollArea = row.locator('xpath=ancestor::table/..');
      await scrollArea.evaluate((element) => (element.scrollLeft = element.scrollWidth));
      const time = row.getByText(/IST$/).first();
      expectInside(await box(time), await box(scrollArea), 'the entry time');
      await expectTextFits(time, 'the entry time');
      await expectNoSidewaysScroll(page);
    });

    test('the menu: the trading mode switch does not cover what the mode means', async ({
      signedIn: page,
      server,
    }) => {
      await page.goto(`${server.baseUrl}/trades`);
      await page.getByRole('button', { name: 'Open menu' }).click();
      // Measured once the menu has slid in.
      const menu = page.locator('aside');
      await expect.poll(async () => (await box(menu)).x).toBe(0);
      await expectModeTextClearOfSwitch(page);
    });

    test('the landing page ends with its footer: no build label', async ({ page, server, problems }) => {
      await page.goto(`${server.baseUrl}/`);
      const footer = page.getByRole('contentinfo');
      await expect(footer).toContainText(`© ${new Date().getFullYear()} Nivesh`);
      await expect(page.getByTestId('remote-release')).toHaveCount(0);
      await expect(page.getByText(/· build /)).toHaveCount(0);
      const { footerBottom, pageHeight } = await footer.evaluate((element) => ({
        footerBottom: element.getBoundingClientRect().bottom + window.scrollY,
        pageHeight: document.documentElement.scrollHeight,
      }));
      expect(footerBottom, 'nothing under the footer').toBeGreaterThanOrEqual(pageHeight - 1);
      await expectNoSidewaysScroll(page);
      expect(problems.list()).toEqual([]);
    });
  });

  test.describe('at 1440 px', () => {
    test.use({ viewport: DESKTOP });

    test('Trades: the table fits without scrolling, its times (IST) whole', async ({
      signedIn: page,
      server,
    }) => {
      await page.goto(`${server.baseUrl}/trades`);
      const row = page.getByTestId('trade-row').first();
      await expect(row).toBeVisible();
      const scrollArea = row.locator('xpath=ancestor::table/..');
      await expectTextFits(scrollArea, 'the trades table');
      for (const time of await page.getByTestId('trade-row').getByText(/IST$/).all()) {
        expectInside(await box(time), await box(scrollArea), 'a trade time');
      }
    });

    test('the order ticket: the estimate, a refusal and the Place button in view without scrolling', async ({
      signedIn: page,
      server,
      problems,
    }) => {
      await page.goto(`${server.baseUrl}/portfolio`);
      await page.getByRole('button', { name: 'New Order' }).click();
      const ticket = page.getByRole('dialog');
      const estimate = ticket.getByRole('table', { name: 'Order estimate' });
      const place = ticket.getByRole('button', { name: /^Place paper (buy|sell) order$/ });
      const screen = { x: 0, y: 0, width: DESKTOP.width, height: DESKTOP.height };

      /** Each part wholly on the screen, and nothing (window or dialog) scrolled to show it. */
      async function expectAllInView(parts: Array<[Locator, string]>): Promise<void> {
        for (const [part, what] of parts) {
          await expect(part, what).toBeVisible();
          const partBox = await box(part);
          expectInside(partBox, screen, what);
          expect(partBox.y, `${what}: top edge`).toBeGreaterThanOrEqual(-SLACK);
          expect(partBox.y + partBox.height, `${what}: bottom edge`).toBeLessThanOrEqual(
            DESKTOP.height + SLACK,
          );
        }
        const scrolled = await ticket.evaluate((element) => {
          let total = window.scrollY;
          for (let node: Element | null = element; node; node = node.parentElement) total += node.scrollTop;
          return total;
        });
        expect(scrolled, 'nothing scrolled').toBe(0);
      }

      // A buy: the estimate with every charge, and the Place button.
      await ticket.getByLabel('Symbol').fill('INFY');
      await ticket.getByLabel('Quantity').fill('3');
      await expect(estimate.getByRole('row', { name: /^Total amount/ })).toBeVisible();
      await expect(place).toBeEnabled();
      await expectAllInView([
        [estimate, 'the buy estimate'],
        [place, 'the Place button'],
      ]);

      // The tallest case: a delivery sell of shares bought today (its same-day true-up on a line
      // of its own, with its reason) that a limit refuses (more shares than are held).
      await ticket.getByRole('button', { name: 'Sell', exact: true }).click();
      await ticket.getByLabel('Symbol').fill('RELIANCE');
      await ticket.getByLabel('Quantity').fill('99999');
      const refusal = ticket.getByRole('alert').filter({ hasText: 'This order would be refused' });
      const trueUp = estimate.getByRole('row', { name: /^Same-day true-up/ });
      await expect(refusal).toBeVisible();
      await expect(trueUp).toBeVisible();
      await expect(place).toBeDisabled();
      await expectAllInView([
        [estimate, 'the sell estimate'],
        [trueUp, 'the same-day true-up'],
        [refusal, 'the refusal and its reason'],
        [place, 'the Place button'],
      ]);
      const dialogBox = await box(ticket);
      expect(dialogBox.y + dialogBox.height, 'the whole ticket').toBeLessThanOrEqual(DESKTOP.height + SLACK);
      expect(problems.list()).toEqual([]);
    });

    test('the sidebar: the trading mode switch does not cover what the mode means', async ({
      signedIn: page,
      server,
    }) => {
      await page.goto(`${server.baseUrl}/trades`);
      await expectModeTextClearOfSwitch(page);
    });

    test('Production Scaling: each phase badge sits inside its card, clear of the edge', async ({
      signedIn: page,
      server,
    }) => {
      await page.goto(`${server.baseUrl}/production-scaling`);
      for (const phase of ['Foundation', 'Growth', 'Expansion', 'Professional', 'Enterprise']) {
        const card = page.getByRole('region', { name: new RegExp(`^Phase \\d ${phase}$`) });
        const badge = card.locator('.chakra-badge');
        await expect(badge).toBeVisible();
        // The card's padding is 16 px: the badge keeps at least that from the edge.
        expectInside(await box(badge), await box(card), `the ${phase} badge`, 16);
        await expectTextFits(badge, `the ${phase} badge`);
      }
    });
  });
});

/** The mode's name and note (Paper, simulated orders) end before the switch begins, inside the box. */
async function expectModeTextClearOfSwitch(page: Page): Promise<void> {
  const modeSwitch = page.getByTestId('trading-mode-switch');
  await expect(modeSwitch).toHaveAttribute('data-mode', 'paper');
  const control = await box(modeSwitch.locator('[data-part="control"]'));
  const switchBox = await box(modeSwitch);
  for (const line of [
    modeSwitch.getByText('Paper', { exact: true }),
    modeSwitch.getByText('simulated orders'),
  ]) {
    const lineBox = await box(line);
    expect(lineBox.x + lineBox.width, `${line} ends before the switch`).toBeLessThanOrEqual(
      control.x + SLACK,
    );
    expectInside(lineBox, switchBox, `${line}`);
    await expectTextFits(line, `${line}`);
  }
}
