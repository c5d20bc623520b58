import { chromium } from 'playwright-core';
const BASE = 'http://127.0.0.1:3100';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const log = (...a: unknown[]) => console.log(...a);
for (const lang of ['en', 'rw'] as const) {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
  const page = await context.newPage();
  let n = 0;
  const shot = async (name: string) => {
    const wide = await page.evaluate(() => document.documentElement.scrollWidth);
    await page.screenshot({ path: `/tmp/walk/${lang}-${String(++n).padStart(2, '0')}-${name}.png` });
    log(lang, name, 'scrollWidth', wide, 'scrollY', await page.evaluate(() => window.scrollY));
  };
  const step = async (name: string, fn: () => Promise<void>) => {
    try { await fn(); await page.waitForTimeout(700); await shot(name); } catch (e) { log(lang, name, 'FAILED', String(e).split('\n')[0]); }
  };
  await page.goto(BASE);
  await page.getByTestId('page-landing').waitFor();
  if (lang === 'rw') {
    await step('language-menu', async () => { await page.getByTestId('button-language').first().click(); });
    await step('landing-rw', async () => { await page.getByRole('menuitemradio', { name: /Kinyarwanda/ }).or(page.getByRole('menuitem', { name: /Kinyarwanda/ })).first().click(); });
  } else await shot('landing');
  await step('sign-in-dialog', async () => { await page.getByTestId('button-sign-in').click(); await page.getByTestId('dialog-sign-in').waitFor(); });
  await step('sign-in-wrong-password', async () => {
    await page.getByTestId('input-email').fill('demo.member@ikimina.demo');
    await page.getByTestId('input-password').fill('wrong-password');
    await page.getByTestId('button-submit-auth').click();
    await page.waitForTimeout(1500);
  });
  await step('dashboard', async () => {
    await page.getByTestId('input-password').fill('ikimina-demo');
    await Promise.all([page.waitForEvent('load').catch(() => {}), page.getByTestId('button-submit-auth').click()]);
    await page.getByTestId('button-user-menu').waitFor();
  });
  await step('tontines', async () => { await page.goto(`${BASE}/tontines`); await page.waitForLoadState('networkidle'); });
  await step('create-tontine-dialog', async () => { await page.getByTestId('button-create-tontine').first().click(); await page.getByRole('dialog').waitFor(); });
  await page.keyboard.press('Escape');
  const groupHref = await page.locator('a[href^="/tontines/"]').first().getAttribute('href');
  await step('group', async () => { await page.goto(`${BASE}${groupHref}`); await page.waitForLoadState('networkidle'); });
  for (const tab of ['members', 'contributions']) await step(`group-${tab}`, async () => { await page.getByRole('tab').nth(tab === 'members' ? 1 : 2).click(); });
  await step('group-pay-dialog', async () => { await page.getByRole('tab').first().click(); await page.getByRole('button', { name: /Pay|Ishyura/ }).first().click(); await page.getByRole('dialog').waitFor(); });
  await page.keyboard.press('Escape');
  await step('loans', async () => { await page.goto(`${BASE}/loans`); await page.waitForLoadState('networkidle'); });
  await step('loans-apply', async () => { await page.getByRole('tab').nth(1).click(); });
  await step('notifications', async () => { await page.goto(`${BASE}/notifications`); await page.waitForLoadState('networkidle'); });
  await step('profile', async () => { await page.goto(`${BASE}/profile`); await page.waitForLoadState('networkidle'); });
  await step('ai-chat', async () => { await page.goto(`${BASE}/ai-chat`); await page.waitForLoadState('networkidle'); });
  await step('user-menu', async () => { await page.getByTestId('button-user-menu').click(); });
  await page.keyboard.press('Escape');
  const visitor = await browser.newContext({ viewport: { width: 360, height: 740 } });
  const vpage = await visitor.newPage();
  await vpage.addInitScript((l) => localStorage.setItem('ikimina_language', l), lang);
  await vpage.goto(`${BASE}/pay/DEMO-SHOP`);
  await vpage.waitForLoadState('networkidle');
  await vpage.screenshot({ path: `/tmp/walk/${lang}-${String(++n).padStart(2, '0')}-pay-page.png` });
  log(lang, 'pay-page scrollWidth', await vpage.evaluate(() => document.documentElement.scrollWidth));
  await visitor.close();
  await context.close();
}
await browser.close();
