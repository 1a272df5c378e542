import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  newContext,
  seriousA11yViolations,
  storageOf,
  uniqueEmail,
  waitForQuiet,
  setUpBrowser,
  browser,
  page,
} from './browser';
import { TOAST_MS } from '@/lib/toast';
import { registerTalent as register, signIn as signInAs } from './journeys';
import { recoveryCodeIn, waitForMail } from './mail';
import { secretsSeen } from './secrets';

const SEED_KEYS = ['access_token', '[authState]', 'state', 'persist:root', 'registerByGoogle'];
const PASSWORD = 'long enough passphrase 1';

setUpBrowser({ pagePerTest: true });

const registerTalent = (p: Page, email: string, locale: '' | '/es' = '') =>
  register(p, { email, password: PASSWORD, locale: locale ? 'es' : 'en' });
const signIn = (p: Page, email: string, password: string, locale: '' | '/es' = '') =>
  signInAs(p, email, password, locale ? 'es' : 'en');

describe('registration', () => {
  it('registers a talent, who lands on /profile/my-profile with a toast at the top right that goes after about 2 s', async () => {
    await registerTalent(page, uniqueEmail('talent'));
    await page.waitForURL('**/profile/my-profile');
    await expect
      .poll(() =>
        page
          .getByRole('heading', { name: /Rosa Mamani/ })
          .first()
          .isVisible(),
      )
      .toBe(true);
    const toast = page.getByText('Registration successful!');
    await toast.waitFor({ state: 'visible' });
    // The toast closes when its timer's animation ends (react-toastify), so its duration is the
    // timer's: read it (first, while it shows) rather than timing the toast on a clock that a
    // busy machine slows down.
    const duration = await page
      .getByRole('alert')
      .filter({ hasText: 'Registration successful!' })
      .locator('[aria-label="notification timer"]')
      .evaluate((bar) => (bar as HTMLElement).style.animationDuration);
    // (It runs once the toast's entrance ends; it closes when the timer ends.)
    expect(duration).toBe(`${TOAST_MS}ms`);
    const box = (await toast.boundingBox())!;
    expect(box.y).toBeLessThan(120);
    expect(box.x + box.width).toBeGreaterThan(1280 - 80);
    await toast.waitFor({ state: 'detached', timeout: TOAST_MS + 20_000 });
    const stored = await storageOf(page);
    expect(stored.access_token).toMatch(/^ey/);
    secretsSeen.add(stored.access_token!);
  });

  it('registers a business in Spanish, which lands on /es/opportunities', async () => {
    await page.goto('/es/auth/register');
    await page
      .getByLabel(/Empresa/)
      .first()
      .check();
    await page.getByLabel('Nombre').fill('María');
    await page.getByLabel('Apellido').fill('Torres');
    await page.getByLabel('Correo').fill(uniqueEmail('business'));
    await page.getByLabel('Contraseña', { exact: true }).fill(PASSWORD);
    await page.getByRole('textbox', { name: 'Empresa' }).fill('Andes Labs');
    await page.getByLabel('Tu cargo').fill('CTO');
    await page.getByLabel('Desde').fill('2020-02-01');
    await page.getByRole('button', { name: 'Crear cuenta' }).click();
    await page.waitForURL('**/es/opportunities');
    await expect.poll(() => page.getByText('¡Registro exitoso!').isVisible()).toBe(true);
    // Signed in as a business: the account menu says so (the register page's own "signed in as"
    // notice shows only until the landing page replaces it).
    await page.getByRole('button', { name: /Menú de la cuenta/ }).click();
    expect(await page.getByText('María Torres').isVisible()).toBe(true);
    expect(await page.getByText('Empresa', { exact: true }).isVisible()).toBe(true);
  });

  it('shows the server message next to the e-mail when it is taken', async () => {
    const email = uniqueEmail('dup');
    await registerTalent(page, email);
    await page.waitForURL('**/profile/my-profile');
    const other = await (await newContext(browser)).newPage();
    await registerTalent(other, email.toUpperCase());
    // docs/product.md "Error catalogue" "server message shown": next to the field it is about, with a summary above.
    await expect
      .poll(() => other.getByText('This e-mail is already registered.').isVisible())
      .toBe(true);
    expect(
      await other.getByText('Some of the data is not valid. Check the fields marked.').isVisible(),
    ).toBe(true);
    await other.context().close();
  });
});

describe('sign-in and sign-out', () => {
  it('says "Email and/or password incorrect" on a wrong password, and the Spanish text under /es', async () => {
    const email = uniqueEmail('wrongpw');
    await registerTalent(page, email);
    await page.waitForURL('**/profile/my-profile');
    const other = await (await newContext(browser)).newPage();
    await signIn(other, email, 'not the password');
    await expect
      .poll(() => other.getByRole('alert').first().textContent())
      .toBe('Email and/or password incorrect');
    await signIn(other, email, 'still not it', '/es');
    await expect
      .poll(() => other.getByRole('alert').first().textContent())
      .toBe('Correo y/o contraseña incorrectos');
    expect(await storageOf(other)).not.toHaveProperty('access_token');
    await other.context().close();
  });

  it('sends a signed-out visitor to sign in and back, keeps the session across a reload, and signs out leaving no seed key', async () => {
    const email = uniqueEmail('session');
    await registerTalent(page, email);
    await page.waitForURL('**/profile/my-profile');
    await page.getByRole('button', { name: /Rosa/ }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.waitForURL((url) => url.pathname === '/auth/login' && url.search === '');
    await expect
      .poll(() => page.getByRole('link', { name: 'Sign in' }).first().isVisible())
      .toBe(true);
    const stored = await storageOf(page);
    for (const key of SEED_KEYS) expect(stored).not.toHaveProperty(key);

    await page.goto('/profile/my-profile');
    await page.waitForURL(/\/auth\/login\?next=%2Fprofile%2Fmy-profile/);
    await signIn(page, email, PASSWORD);
    await page.waitForURL('**/profile/my-profile');
    await expect.poll(() => page.getByText('Welcome!').isVisible()).toBe(true);

    await page.reload();
    await expect
      .poll(() =>
        page
          .getByRole('heading', { name: /Rosa Mamani/ })
          .first()
          .isVisible(),
      )
      .toBe(true);
    const persisted = JSON.parse((await storageOf(page))['persist:root']!);
    expect(JSON.parse(persisted.auth).isLoggedIn).toBe(true);
  });
});

describe('password recovery', () => {
  for (const locale of ['', '/es'] as const) {
    it(`recovers a password end to end through the mail${locale ? ' in Spanish' : ''}`, async () => {
      const es = locale === '/es';
      const email = uniqueEmail(`recover${es ? 'es' : 'en'}`);
      await registerTalent(page, email, locale);
      await page.waitForURL('**/profile/my-profile');
      let other = await (await newContext(browser)).newPage();
      await other.goto(`${locale}/auth/recovery`);
      const since = Date.now() - 1000;
      await other.getByLabel(es ? 'Correo' : 'E-mail').fill(email);
      await other.getByRole('button', { name: es ? 'Enviar código' : 'Send code' }).click();
      await expect
        .poll(() => other.getByText(es ? '¡Revisa tu correo!' : 'Check your email!').isVisible())
        .toBe(true);
      // Registration's confirmation link may arrive meanwhile: the code's message is the one.
      const mail = await waitForMail(
        email,
        since,
        10_000,
        es
          ? 'Usa este código para elegir una nueva contraseña'
          : 'Use this code to choose a new password',
      );
      const code = recoveryCodeIn(mail);
      secretsSeen.add(code);
      secretsSeen.add(code.replace(/ /g, ''));
      const newPassword = `brand new passphrase ${es ? 'es' : 'en'}`;
      secretsSeen.add(newPassword);
      if (es) {
        // The mail's link fills the form in and leaves no code in the address bar.
        // A mail client opens it in a new tab.
        const link = /^(http\S+\/auth\/recovery#\S+)\r?$/m.exec(mail)![1]!;
        const previous = other;
        other = await other.context().newPage();
        await previous.close();
        await other.goto(link);
        const codeField = other.getByLabel('Código de recuperación');
        await expect.poll(() => codeField.inputValue()).toBe(code.replace(/ /g, ''));
        expect(new URL(other.url()).hash).toBe('');
      } else {
        await other.getByLabel('Recovery code').fill(code);
      }
      await other
        .getByLabel(es ? 'Nueva contraseña' : 'New password', { exact: true })
        .fill(newPassword);
      await other
        .getByLabel(es ? 'Repite la nueva contraseña' : 'Repeat the new password')
        .fill(newPassword);
      await other
        .getByRole('button', { name: es ? 'Cambiar contraseña' : 'Change password' })
        .click();
      await other.waitForURL('**/auth/login');
      await expect
        .poll(() => other.getByText(es ? '¡Contraseña cambiada!' : 'Password changed!').isVisible())
        .toBe(true);
      await signIn(other, email, newPassword, locale);
      await other.waitForURL('**/profile/my-profile');
      await other.context().close();
    });
  }

  it('refuses an empty recovery code with the seed message and sends no request', async () => {
    const email = uniqueEmail('emptycode');
    await registerTalent(page, email);
    await page.waitForURL('**/profile/my-profile');
    const other = await (await newContext(browser)).newPage();
    const resets: string[] = [];
    other.on('request', (r) => {
      if (r.url().includes('/api/users/recovery/password')) resets.push(r.url());
    });
    for (const locale of ['', '/es'] as const) {
      const es = locale === '/es';
      await other.goto(`${locale}/auth/recovery`);
      await other.getByLabel(es ? 'Correo' : 'E-mail').fill(email);
      await other.getByRole('button', { name: es ? 'Enviar código' : 'Send code' }).click();
      await other
        .getByLabel(es ? 'Nueva contraseña' : 'New password', { exact: true })
        .fill('whatever passphrase');
      await other
        .getByLabel(es ? 'Repite la nueva contraseña' : 'Repeat the new password')
        .fill('whatever passphrase');
      await other
        .getByRole('button', { name: es ? 'Cambiar contraseña' : 'Change password' })
        .click();
      await expect
        .poll(() => other.getByRole('alert').first().textContent())
        .toBe(es ? 'Código de recuperación inválido' : 'Invalid recovery code');
    }
    expect(resets).toEqual([]);
    await other.context().close();
  });
});

describe('accessibility of the sign-in screens', () => {
  for (const path of [
    '/auth/login',
    '/es/auth/register',
    '/auth/recovery',
    '/es/auth/create-account',
  ]) {
    it(`has no serious or critical violation on ${path}`, async () => {
      await page.goto(path);
      await waitForQuiet(page);
      expect(await seriousA11yViolations(page)).toEqual([]);
    });
  }
});
