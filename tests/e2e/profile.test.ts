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
import { prefix, registerTalent, signIn, text, toast, type TLocale } from './journeys';
import { secretsSeen } from './secrets';

// A 1×1 PNG and a tiny PDF: real files, typed by their bytes on the server.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

setUpBrowser({ pagePerTest: true });

for (const locale of ['en', 'es'] as TLocale[]) {
  const tr = (k: string, v?: Record<string, string | number>) => text(locale, k, v);
  const p = prefix(locale);

  describe(`the talent profile (${locale})`, () => {
    it('is filled section by section, saved, and all of it is there after a reload and on the public profile', async () => {
      const email = uniqueEmail(`profile${locale}`);
      const password = `profile passphrase ${locale}`;
      const school = `Instituto E2E ${Date.now()}`;
      await registerTalent(page, { email, password, locale });
      await page.waitForURL(`**${p}/profile/my-profile`);
      await page.goto(`${p}/profile/edit`);

      // Personal information, with a photo.
      const personal = page.locator('#personal');
      await personal.getByLabel(tr('profile:fields.phone')).fill('+51 987 654 321');
      await personal.getByLabel(tr('profile:fields.country')).selectOption('PE');
      await personal.getByLabel(tr('profile:fields.city')).fill('Cusco');
      await personal.getByLabel(tr('profile:fields.headline')).fill('Data engineer · Python');
      await personal.getByLabel(tr('profile:fields.about')).fill('I build data pipelines.');
      await personal
        .locator('input[type=file]')
        .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
      await personal.getByRole('img').first().waitFor();
      await personal.getByRole('button', { name: tr('profile:section.save') }).click();
      await toast(page, tr('profile:messages.info.success'));

      // Links and CV.
      const professional = page.locator('#professional');
      await professional.getByLabel('LinkedIn').fill('https://www.linkedin.com/in/rosa-e2e');
      await professional.getByLabel('GitHub').fill('https://github.com/rosa-e2e');
      await professional
        .locator('input[type=file]')
        .setInputFiles({ name: 'rosa-cv.pdf', mimeType: 'application/pdf', buffer: PDF });
      await professional.getByText('rosa-cv.pdf').waitFor();
      await professional.getByRole('button', { name: tr('profile:section.save') }).click();
      await toast(page, tr('profile:messages.info.success'));

      // Two experiences.
      const experiences = page.locator('#experiences');
      for (const [company, position, start, end] of [
        ['Inca Data', 'Data engineer', '2021-01-01', '2023-06-30'],
        ['Quipu Labs', 'Intern', '2019-01-01', '2019-12-31'],
      ] as const) {
        await experiences.getByRole('button', { name: tr('profile:experiences.add') }).click();
        await page.getByLabel(tr('profile:fields.workplace_name'), { exact: true }).fill(company);
        await page.getByLabel(tr('profile:fields.position'), { exact: true }).fill(position);
        await page.getByLabel(tr('profile:fields.start_date')).fill(start);
        await page.getByLabel(tr('profile:fields.end_date')).fill(end);
        await page.getByRole('button', { name: tr('profile:experiences.add_to_list') }).click();
      }
      await experiences.getByRole('button', { name: tr('profile:section.save') }).click();
      await toast(page, tr('profile:messages.experiences.success'));

      // A study centre nobody has entered before: asked, verified, thanked.
      const educations = page.locator('#educations');
      await educations.getByRole('button', { name: tr('profile:educations.add') }).click();
      await page.getByLabel(tr('profile:fields.study_name')).fill(school);
      await page.getByLabel(tr('profile:fields.course_name')).fill('Data science');
      await page.getByLabel(tr('profile:fields.start_date')).fill('2015-03-01');
      await page.getByLabel(tr('profile:fields.end_date')).fill('2020-12-15');
      await page.getByRole('button', { name: tr('profile:educations.add_to_list') }).click();
      await educations.getByRole('button', { name: tr('profile:section.save') }).click();
      const ask = page.getByRole('dialog', { name: tr('profile:verify.ask_title') });
      await ask.waitFor();
      await ask.getByRole('button', { name: tr('profile:dialog.yes') }).click();
      const thanks = page.getByRole('dialog', { name: tr('profile:verify.thanks_title') });
      await thanks.waitFor();
      await thanks.getByRole('button', { name: tr('profile:dialog.understand') }).click();
      await educations.getByText(tr('profile:verify.status.in_process')).waitFor();

      // Skills, roles of interest, languages.
      const skills = page.locator('#skills');
      for (const skill of ['Python', 'SQL', 'Airflow']) {
        await skills.getByRole('combobox', { name: tr('profile:skills.label') }).fill(skill);
        await skills.getByRole('button', { name: tr('profile:section.add'), exact: true }).click();
      }
      await skills.getByRole('button', { name: tr('profile:section.save') }).click();
      await toast(page, tr('profile:messages.skills.success'));
      const roles = page.locator('#roles');
      await roles.getByLabel(tr('profile:roles.label')).fill('Data engineer');
      await roles.getByRole('button', { name: tr('profile:section.add'), exact: true }).click();
      await roles.getByRole('button', { name: tr('profile:section.save') }).click();
      await toast(page, tr('profile:messages.roles.success'));
      const languages = page.locator('#languages');
      await languages
        .getByLabel(tr('profile:languages.label'))
        .selectOption({ label: locale === 'es' ? 'Quechua' : 'Quechua' });
      await languages.getByRole('button', { name: tr('profile:section.add'), exact: true }).click();
      await languages.getByRole('button', { name: tr('profile:section.save') }).click();
      await toast(page, tr('profile:messages.languages.success'));

      // A reload shows what the server holds.
      await page.reload();
      await expect
        .poll(() => page.locator('#personal').getByLabel(tr('profile:fields.city')).inputValue())
        .toBe('Cusco');
      for (const t of [
        'Inca Data',
        'Quipu Labs',
        school,
        'Python',
        'Airflow',
        'Data engineer',
        'Quechua',
      ]) {
        await page.getByText(t).first().waitFor({ timeout: 10_000 });
      }

      // Deleting an experience.
      await experiences
        .getByRole('button', { name: `${tr('profile:dialog.delete')}: Intern` })
        .or(
          experiences.getByRole('button', {
            name: new RegExp(`${tr('profile:dialog.delete')}: .*Quipu Labs`),
          }),
        )
        .first()
        .click();
      await page
        .getByRole('dialog')
        .getByRole('button', { name: tr('profile:dialog.delete') })
        .click();
      await experiences.getByRole('button', { name: tr('profile:section.save') }).click();
      await toast(page, tr('profile:messages.experiences.success'));
      await page.reload();
      await page.locator('#experiences').getByText('Inca Data').waitFor();
      expect(await page.locator('#experiences').getByText('Quipu Labs').count()).toBe(0);

      // My profile shows it; the public profile shows it without e-mail or phone.
      await page.goto(`${p}/profile/my-profile`);
      await page.getByText('Data engineer · Python').first().waitFor();
      const stored = JSON.parse((await storageOf(page))['persist:root']!);
      const userId = JSON.parse(stored.auth).user.id as number;
      const anonymous = await (await newContext(browser)).newPage();
      await anonymous.goto(`${p}/talents/${userId}`);
      await anonymous.getByText('Data engineer · Python').first().waitFor();
      for (const t of ['Inca Data', school, 'Python', 'Quechua', 'Cusco']) {
        await anonymous.getByText(t).first().waitFor({ timeout: 10_000 });
      }
      const body = await anonymous.locator('main').innerText();
      expect(body).not.toContain(email);
      expect(body).not.toContain('987 654 321');
      expect(await seriousA11yViolations(anonymous)).toEqual([]);
      await anonymous.context().close();
    });

    it('changes the password in the settings; a session elsewhere ends cleanly and comes back to its page', async () => {
      const email = uniqueEmail(`settings${locale}`);
      const password = `settings passphrase ${locale}`;
      const next = `settings passphrase ${locale} two`;
      secretsSeen.add(next);
      await registerTalent(page, { email, password, locale });
      await page.waitForURL(`**${p}/profile/my-profile`);
      // The same account, signed in in another browser, editing its profile.
      const other = await (await newContext(browser)).newPage();
      await signIn(other, email, password, locale);
      await other.waitForURL(`**${p}/profile/my-profile`);
      await other.goto(`${p}/profile/edit`);
      await other.getByRole('heading', { name: tr('profile:edit.sections.skills') }).waitFor();

      await page.goto(`${p}/profile/settings`);
      // Settings ask for the current password in more than one form (the e-mail's change too).
      const form = page.getByRole('region', { name: tr('profile:settings.password.title') });
      await form.getByLabel(tr('auth.fields.current_password'), { exact: true }).fill(password);
      await form.getByLabel(tr('auth.fields.new_password'), { exact: true }).fill(next);
      await form.getByLabel(tr('auth.fields.confirm_password'), { exact: true }).fill(next);
      await form.getByRole('button', { name: tr('profile:settings.password.submit') }).click();
      await toast(page, tr('messages.password_change.success'));
      // This session goes on with its new token.
      await page.goto(`${p}/profile/edit`);
      await page.getByRole('heading', { name: tr('profile:edit.sections.skills') }).waitFor();

      // The other one's token is revoked: its next call ends it, cleanly, where it was.
      await other.reload();
      await other.waitForURL((url) => url.pathname === `${p}/auth/login`);
      const url = new URL(other.url());
      // `next` is the page without its language prefix; the language stays with the route.
      expect(url.searchParams.get('next')).toBe('/profile/edit');
      expect(url.searchParams.get('reason')).toBe('session_ended');
      await expect
        .poll(() => other.getByRole('status').first().textContent())
        .toBe(tr('errors.session_ended'));
      const stored = await storageOf(other);
      for (const key of ['access_token', '[authState]', 'state', 'registerByGoogle'])
        expect(stored[key]).toBeUndefined();
      expect(
        JSON.parse(JSON.parse(stored['persist:root'] ?? '{"auth":"{}"}').auth ?? '{}').isLoggedIn ??
          false,
      ).toBe(false);

      await signIn(other, email, password, locale);
      await expect
        .poll(() => other.getByRole('alert').first().textContent())
        .toBe(tr('messages.login.incorrect'));
      await signIn(other, email, next, locale);
      await other.waitForURL(`**${p}/profile/edit`);
      await other.context().close();
    });

    it('asks before leaving with unsaved edits, and keeps them when the user stays', async () => {
      await registerTalent(page, {
        email: uniqueEmail(`leave${locale}`),
        password: `leave passphrase ${locale}`,
        locale,
      });
      await page.waitForURL(`**${p}/profile/my-profile`);
      await page.goto(`${p}/profile/edit`);
      const headline = page.getByLabel(tr('profile:fields.headline'), { exact: true });
      await headline.fill('Diseñadora de producto');
      await page.getByRole('link', { name: tr('profile:edit.view_profile') }).click();
      const dialog = page.getByRole('dialog', { name: tr('profile:section.leave_title') });
      await dialog.waitFor();
      await dialog.getByRole('button', { name: tr('profile:section.leave_stay') }).click();
      expect(new URL(page.url()).pathname).toBe(`${p}/profile/edit`);
      expect(await headline.inputValue()).toBe('Diseñadora de producto');
      await page.getByRole('link', { name: tr('profile:edit.view_profile') }).click();
      await dialog.getByRole('button', { name: tr('profile:section.leave_go') }).click();
      await page.waitForURL(`**${p}/profile/my-profile`);
    });

    it('has no serious or critical accessibility violation on the profile pages', async () => {
      await registerTalent(page, {
        email: uniqueEmail(`a11y${locale}`),
        password: `a11y passphrase ${locale}`,
        locale,
      });
      await page.waitForURL(`**${p}/profile/my-profile`);
      for (const path of ['/profile/my-profile', '/profile/edit', '/profile/settings']) {
        await page.goto(`${p}${path}`);
        await waitForQuiet(page);
        expect({ path, violations: await seriousA11yViolations(page) }).toEqual({
          path,
          violations: [],
        });
      }
    });
  });
}
