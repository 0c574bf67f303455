const { launch, shot } = require('./lib.cjs');
(async () => {
  const b = await launch();
  const ctx = await b.newContext({ storageState: 'state_revui_staff_d.json', viewport: {width:1366,height:800}, locale:'es-PY' });
  const page = await ctx.newPage();
  page.on('pageerror', e => console.log('PAGEERROR', e.message));
  page.on('response', async r => { if (r.status()>=400) console.log('HTTP', r.status(), r.url().slice(0,160)); if (/cotizaciones\.(update|actualizar)|cotizaciones\/\d/.test(r.url())) console.log('SAVE', r.status(), (await r.text()).slice(0,300)); });
  await page.goto('http://localhost:3100/cotizaciones'); await page.waitForLoadState('networkidle'); await page.waitForTimeout(1200);
  await shot(page, '17_cotizaciones_d'); console.log((await page.locator('main').first().innerText()).slice(0,900));
  const row = page.locator('tr', { hasText: 'UYU' }).first();
  await row.getByRole('button', { name: /Editar/ }).click(); await page.waitForTimeout(800);
  const dlg = page.getByRole('dialog'); console.log('DLG', await dlg.innerText());
  const inputs = dlg.locator('input:not([type=checkbox])');
  console.log('inputs', await inputs.count(), await inputs.evaluateAll(els => els.map(e => e.value)));
  const base = inputs.nth(0); await base.click(); await base.press('Control+a'); await page.keyboard.type('180,50');
  const cc = inputs.nth(1); await cc.click(); await cc.press('Control+a'); await page.keyboard.type('5,25');
  await page.waitForTimeout(500); await shot(page, '17_cot_edit_d', false); console.log('DLG2', await dlg.innerText());
  await dlg.getByRole('button', { name: /Guardar/ }).click(); await page.waitForTimeout(1500);
  await shot(page, '17_cot_saved_d', false);
  console.log((await page.locator('main').first().innerText()).split('\n').filter(l=>/UYU/.test(l)).join('\n'));
  // revert
  await page.locator('tr', { hasText: 'UYU' }).first().getByRole('button', { name: /Editar/ }).click(); await page.waitForTimeout(800);
  const i2 = page.getByRole('dialog').locator('input:not([type=checkbox])');
  await i2.nth(0).click(); await i2.nth(0).press('Control+a'); await page.keyboard.type('180');
  await i2.nth(1).click(); await i2.nth(1).press('Control+a'); await page.keyboard.type('5');
  await page.getByRole('dialog').getByRole('button', { name: /Guardar/ }).click(); await page.waitForTimeout(1500);
  console.log('REVERTED', (await page.locator('main').first().innerText()).split('\n').filter(l=>/UYU/.test(l)).join('\n'));
  await b.close();
})();
