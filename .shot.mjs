import puppeteer from 'puppeteer-core';
const base = 'http://127.0.0.1:3901';
const browser = await puppeteer.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const page = await browser.newPage();
await page.setViewport({ width: 1280, height: 900 });
const click = async (re) => {
  const handles = await page.$$('a,button');
  for (const h of handles) {
    const t = await h.evaluate((e) => e.textContent.trim());
    if (re.test(t)) { await h.click(); return t; }
  }
  throw new Error('no ' + re);
};
await page.goto(base + '/', { waitUntil: 'networkidle0' });
console.log(await click(/^(Accedi|Sign in|Se connecter)/i));
await page.waitForSelector('input[name=email]', { timeout: 15000 });
await page.type('input[name=email]', 'maria.rossi@example.com');
await Promise.all([page.waitForNavigation({ waitUntil: 'networkidle0' }).catch(() => {}), page.click('button[type=submit]')]);
await new Promise((r) => setTimeout(r, 3000));
await page.screenshot({ path: '/tmp/shot/2-after-signin.png' });
console.log(page.url());
const buttons = await page.$$eval('a,button', (els) => els.map((e) => e.textContent.trim()).filter(Boolean));
console.log(buttons.slice(0, 60).join(' | '));
await page.screenshot({ path: '/tmp/shot/3-list-full.png', fullPage: true });
await page.screenshot({ path: '/tmp/shot/3b-top.png' });
console.log(await click(/^(Leggi tutto)$/));
await new Promise((r) => setTimeout(r, 1500));
await page.screenshot({ path: '/tmp/shot/5-read-more.png' });
console.log(await click(/^(Mostra altri bandi)$/));
await new Promise((r) => setTimeout(r, 1500));
const names = await page.$$eval('h2,h3', (els) => els.map((e) => e.textContent.trim()));
console.log(names.length, names.slice(-8).join(' | '));
await page.setViewport({ width: 390, height: 844 });
await new Promise((r) => setTimeout(r, 800));
await page.screenshot({ path: '/tmp/shot/4-phone.png', fullPage: false });
await browser.close();
