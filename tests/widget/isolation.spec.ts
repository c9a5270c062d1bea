import { expect, test, type Page } from '@playwright/test';
import { addedGlobals, clientWithWidget, hostPage, pageErrors, useHostSite } from '../support/embeddedWidget.ts';

// issue 7 Tests: the host page's CSS (aggressive global resets) does not change the widget; the
// widget leaves no global variables besides its one namespace, and does not restyle the page.

const site = useHostSite();

/** Every computed style property of every element the widget drew (its shadow root), in order. */
function widgetStyles(page: Page) {
  return page.evaluate(() => {
    const root = document.querySelector('callback-widget')!.shadowRoot!;
    return Array.from(root.querySelectorAll('*'), (element) => {
      const style = getComputedStyle(element);
      const properties: Record<string, string> = {};
      for (const name of Array.from(style)) properties[name] = style.getPropertyValue(name);
      return { element: `${element.localName}.${element.getAttribute('class') ?? ''}`, properties };
    });
  });
}

/** The floating icon's and the Call now popup's styles, as a visitor opens it. */
async function stylesOfBothViews(page: Page, url: string) {
  const errors = pageErrors(page);
  await page.goto(url);
  const icon = page.getByRole('button', { name: 'Call me' });
  await expect(icon).toBeVisible();
  const iconView = await widgetStyles(page);
  await icon.click();
  await expect(page.getByRole('dialog')).toBeVisible();
  const popupView = await widgetStyles(page);
  expect(errors).toEqual([]);
  return { iconView, popupView };
}

test('the host page\'s aggressive reset changes nothing in the widget, and the widget adds one global', async ({ page, request, baseURL }) => {
  const client = await clientWithWidget(request, baseURL!);
  const plain = await stylesOfBothViews(page, site.publish('/plain', hostPage(client.snippet, { reset: false })));
  const reset = await stylesOfBothViews(page, site.publish('/reset', hostPage(client.snippet)));

  expect(plain.iconView.map((entry) => entry.element)).toEqual(['style.', 'div.cb', 'button.icon right', 'svg.', 'path.']);
  expect(plain.popupView.map((entry) => entry.element)).toContain('input.phone');
  expect(reset).toEqual(plain);
  // The design, not the page's reset (lime, 10 px, blue borders), is what shows.
  const icon = reset.iconView.find((entry) => entry.element === 'button.icon right')!.properties;
  expect([icon.width, icon.height, icon['background-color'], icon.position, icon['border-top-width']]).toEqual(['100px', '100px', 'rgb(245, 166, 36)', 'fixed', '0px']);
  const button = reset.popupView.find((entry) => entry.element === 'button.button')!.properties;
  expect(button['background-color']).toBe('rgb(131, 209, 252)');

  // After loading, drawing and opening, the only new global is the namespace.
  expect(await addedGlobals(page)).toEqual({ keys: ['CallbackWidget'], names: ['CallbackWidget'] });
});

test('the widget does not restyle the host page', async ({ page, request, baseURL }) => {
  const client = await clientWithWidget(request, baseURL!);
  const pageStyles = () =>
    page.evaluate(() =>
      ['html', 'body', 'h1', 'p'].map((selector) => {
        const style = getComputedStyle(document.querySelector(selector)!);
        return Object.fromEntries(Array.from(style, (name) => [name, style.getPropertyValue(name)]));
      }),
    );
  await page.goto(site.publish('/bare', hostPage('', { reset: false })));
  const without = await pageStyles();
  await page.goto(site.publish('/with-widget', hostPage(client.snippet, { reset: false })));
  await page.getByRole('button', { name: 'Call me' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  expect(await pageStyles()).toEqual(without);
});
