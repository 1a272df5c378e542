import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  newContext,
  seriousA11yViolations,
  uniqueEmail,
  waitForQuiet,
  setUpBrowser,
  browser,
} from './browser';
import {
  isoDay,
  prefix,
  registerBusiness,
  registerTalent,
  tag,
  text,
  toast,
  type TLocale,
} from './journeys';
import { secretsSeen } from './secrets';

// The marketplace (issue "Marketplace I"), in each language: a business posts a project and a
// job through the forms while, in a second browser, a new talent finds each one by search and
// filters, applies, sees both in /applications, edits one and withdraws the other; the business
// sees the applicant counts follow.

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const JOURNEY_MS = 120_000;

async function expectNoSeriousA11y(p: Page, where: string) {
  await waitForQuiet(p);
  // The navigation progress bar fades out after a client navigation; axe reads the page after.
  await p.locator('#nprogress').waitFor({ state: 'detached' });
  expect({ where, violations: await seriousA11yViolations(p) }).toEqual({ where, violations: [] });
}

setUpBrowser();

for (const locale of ['en', 'es'] as TLocale[]) {
  const tr = (k: string, v?: Record<string, string | number>) => text(locale, k, v);
  const p = prefix(locale);
  const applicants = (count: number) =>
    tr(count === 1 ? 'market:posting.applicants_one' : 'market:posting.applicants_other', {
      count,
    });

  describe(`the marketplace (${locale})`, () => {
    const word = tag();
    // A word of the title with an accent; the talent searches it without, in another case.
    const project = {
      title:
        locale === 'es' ? `Plataforma de reservas Cóndor${word}` : `Cóndor${word} booking platform`,
      search: `condor${word}`,
      id: 0,
    };
    const job = {
      title: locale === 'es' ? `Analista de datos Vicuña${word}` : `Vicuña${word} data analyst`,
      search: `VICUNA${word.toUpperCase()}`,
      id: 0,
    };
    const deadline = isoDay(45);
    const businessPassword = `business passphrase ${locale} ${word}`;
    const talentPassword = `talent passphrase ${locale} ${word}`;
    let businessContext: BrowserContext;
    let talentContext: BrowserContext;
    let business: Page;
    let talent: Page;

    beforeAll(async () => {
      // Two people at once, each in their own browser profile.
      businessContext = await newContext(browser);
      talentContext = await newContext(browser);
      business = await businessContext.newPage();
      talent = await talentContext.newPage();
    });
    afterAll(async () => {
      await businessContext?.close();
      await talentContext?.close();
    });

    /** The card of `title` in a list of postings or applications. */
    const cardOf = (page: Page, title: string): Locator =>
      page
        .getByRole('listitem')
        .filter({ has: page.getByRole('link', { name: title, exact: true }) });

    /** Fills the fields projects and jobs share, with two skills: one from the suggestions. */
    async function fillCommon(
      title: string,
      summary: string,
      modality: string,
      country: string,
      skill: string,
      addBy: 'button' | 'enter',
    ) {
      const form = business.locator('form');
      await form.getByRole('textbox', { name: tr('market:form.name'), exact: true }).fill(title);
      await form
        .getByRole('textbox', { name: tr('market:form.summary'), exact: true })
        .fill(summary);
      await form
        .getByRole('textbox', { name: tr('market:form.description'), exact: true })
        .fill(`${summary} The work is described here in enough detail for a talent to decide.`);
      // Skills: "React" is picked from the suggestions of GET /skills (a demo skill); the other is
      // typed, then added with the Add button (project) or Enter (job).
      const skills = form.getByRole('combobox', { name: tr('market:form.skills'), exact: true });
      await skills.fill('Rea');
      // The suggestions show under the field; a click takes one.
      await form.getByRole('listbox').getByRole('option', { name: 'React', exact: true }).click();
      await expect.poll(() => skills.inputValue()).toBe('');
      await skills.fill(skill);
      if (addBy === 'button') {
        await form.getByRole('button', { name: tr('market:form.add_skill'), exact: true }).click();
      } else {
        await skills.press('Enter'); // Enter adds the skill and does not send the form
      }
      const chips = form.getByRole('list', { name: tr('market:form.skills'), exact: true });
      await chips.getByText('React', { exact: true }).waitFor();
      await chips.getByText(skill, { exact: true }).waitFor();
      await form.getByLabel(tr('market:form.currency'), { exact: true }).selectOption('USD');
      await form.getByLabel(tr('market:form.modality'), { exact: true }).selectOption(modality);
      await form.getByLabel(tr('market:form.country'), { exact: true }).selectOption(country);
      await form.getByLabel(tr('market:form.end_date')).fill(deadline);
    }

    /** The id of a posting from its link in /business/postings. */
    async function idOf(title: string, kind: 'projects' | 'jobs'): Promise<number> {
      const href = await business
        .getByRole('link', { name: title, exact: true })
        .getAttribute('href');
      const id = Number(new RegExp(`/${kind}/(\\d+)$`).exec(href ?? '')?.[1]);
      expect(id, `the link of ${title}: ${href}`).toBeGreaterThan(0);
      return id;
    }

    /** Searches on /opportunities (the current tab) and waits for the one result. */
    async function search(words: string, filters: Record<string, string>, expected: string) {
      await talent
        .getByRole('searchbox', { name: tr('market:search.search'), exact: true })
        .fill(words);
      for (const [label, value] of Object.entries(filters)) {
        await talent.getByLabel(tr(label), { exact: true }).selectOption(value);
      }
      await talent.getByRole('button', { name: tr('market:search.apply'), exact: true }).click();
      await talent.waitForURL((url) => url.searchParams.get('search') === words);
      await talent
        .getByRole('status')
        .getByText(tr('market:search.results_one', { count: 1 }))
        .waitFor();
      await talent.getByRole('link', { name: expected, exact: true }).waitFor();
    }

    it(
      'lets a new business post a project and a job through the forms',
      async () => {
        await registerBusiness(business, {
          email: uniqueEmail(`biz${locale}`),
          password: businessPassword,
          company: `Llama Works ${word}`,
          locale,
        });
        await business.waitForURL(`**${p}/opportunities`);

        // No postings yet.
        await business.goto(`${p}/business/postings`);
        await business.getByText(tr('market:postings.empty_projects')).waitFor();
        await expectNoSeriousA11y(business, `${p}/business/postings, empty`);

        // A project.
        await business
          .getByRole('link', { name: tr('market:postings.new_project'), exact: true })
          .first()
          .click();
        await business.waitForURL(`**${p}/business/projects/new`);
        await business
          .getByRole('textbox', { name: tr('market:form.name'), exact: true })
          .waitFor();
        await expectNoSeriousA11y(business, `${p}/business/projects/new`);
        await fillCommon(
          project.title,
          'An online booking platform for a tour agency in Cusco.',
          'remote',
          'PE',
          'TypeScript',
          'button',
        );
        await business
          .getByRole('textbox', { name: tr('market:form.budget'), exact: true })
          .fill('2500');
        await business.getByLabel(tr('market:form.weeks'), { exact: true }).fill('6');
        await business
          .getByRole('button', { name: tr('market:form.publish'), exact: true })
          .click();
        await toast(business, tr('market:form.created'));
        await business.waitForURL((url) => url.pathname === `${p}/business/postings`);
        await cardOf(business, project.title).getByText(applicants(0)).waitFor();
        project.id = await idOf(project.title, 'projects');

        // A job.
        await business.goto(`${p}/business/jobs/new`);
        await business
          .getByRole('textbox', { name: tr('market:form.name'), exact: true })
          .waitFor();
        await expectNoSeriousA11y(business, `${p}/business/jobs/new`);
        await fillCommon(
          job.title,
          'Part-time analyst for the dashboards of a coffee exporter.',
          'hybrid',
          'CO',
          'SQL',
          'enter',
        );
        await business
          .getByRole('textbox', { name: tr('market:form.requirements') })
          .fill('Two years with SQL and a BI tool.');
        await business
          .getByLabel(tr('market:form.contract_type'), { exact: true })
          .selectOption('part_time');
        await business.getByRole('textbox', { name: tr('market:form.min_salary') }).fill('1200');
        await business.getByRole('textbox', { name: tr('market:form.max_salary') }).fill('1800');
        await business
          .getByRole('button', { name: tr('market:form.publish'), exact: true })
          .click();
        await toast(business, tr('market:form.created'));
        await business.waitForURL((url) => url.searchParams.get('type') === 'job');
        await cardOf(business, job.title).getByText(applicants(0)).waitFor();
        job.id = await idOf(job.title, 'jobs');
        await expectNoSeriousA11y(business, `${p}/business/postings?type=job`);
      },
      JOURNEY_MS,
    );

    it(
      'lets a new talent find the project by search and filters, kept in the URL on reload and back',
      async () => {
        expect(project.id).toBeGreaterThan(0);
        secretsSeen.add(talentPassword);
        await registerTalent(talent, {
          email: uniqueEmail(`applicant${locale}`),
          password: talentPassword,
          locale,
          name: 'Lucía',
          lastName: 'Huamán',
        });
        await talent.waitForURL(`**${p}/profile/my-profile`);

        await talent.goto(`${p}/opportunities`);
        await expectNoSeriousA11y(talent, `${p}/opportunities`);
        await search(
          project.search,
          { 'market:search.modality': 'remote', 'market:search.country': 'PE' },
          project.title,
        );
        const query = () => Object.fromEntries(new URL(talent.url()).searchParams);
        expect(query()).toMatchObject({
          tab: 'projects',
          search: project.search,
          modality: 'remote',
          country: 'PE',
        });
        await expectNoSeriousA11y(talent, `${p}/opportunities with a search`);

        const box = talent.getByRole('searchbox', {
          name: tr('market:search.search'),
          exact: true,
        });
        const modality = talent.getByLabel(tr('market:search.modality'), { exact: true });
        const country = talent.getByLabel(tr('market:search.country'), { exact: true });
        // The fields show the URL's choices, and the one result (after back, the page follows
        // the URL once the data of the earlier search is in).
        const kept = async () => {
          await expect
            .poll(async () => [
              await box.inputValue(),
              await modality.inputValue(),
              await country.inputValue(),
            ])
            .toEqual([project.search, 'remote', 'PE']);
          await talent
            .getByRole('status')
            .getByText(tr('market:search.results_one', { count: 1 }))
            .waitFor();
          await talent.getByRole('link', { name: project.title, exact: true }).waitFor();
        };

        // A reload keeps the choices.
        await talent.reload();
        await kept();

        // Another choice, then back: the previous search, its fields and its result.
        await modality.selectOption('onsite');
        await talent.getByRole('button', { name: tr('market:search.apply'), exact: true }).click();
        await talent.waitForURL((url) => url.searchParams.get('modality') === 'onsite');
        await talent.getByText(tr('market:search.empty')).waitFor();
        await talent.goBack();
        await talent.waitForURL((url) => url.searchParams.get('modality') === 'remote');
        await kept();

        // To the posting and back.
        await talent.getByRole('link', { name: project.title, exact: true }).click();
        await talent.waitForURL(`**${p}/projects/${project.id}`);
        await talent.getByRole('heading', { level: 1, name: project.title }).waitFor();
        await talent.goBack();
        await talent.waitForURL((url) => url.searchParams.get('search') === project.search);
        await kept();
        expect(query()).toMatchObject({
          search: project.search,
          modality: 'remote',
          country: 'PE',
        });

        // Clearing the filters empties the fields too; back brings the search again.
        await talent.getByRole('link', { name: tr('market:search.clear'), exact: true }).click();
        await talent.waitForURL((url) => !url.searchParams.has('search'));
        await expect.poll(() => box.inputValue()).toBe('');
        expect(await modality.inputValue()).toBe('');
        expect(await country.inputValue()).toBe('');
        await talent.goBack();
        await talent.waitForURL((url) => url.searchParams.get('search') === project.search);
        await kept();
      },
      JOURNEY_MS,
    );

    it(
      'lets the talent apply to the project; the page then says so, and the business sees 1 applicant',
      async () => {
        expect(project.id).toBeGreaterThan(0);
        await talent.getByRole('link', { name: project.title, exact: true }).click();
        await talent.waitForURL(`**${p}/projects/${project.id}`);
        const proposal = talent.getByRole('textbox', {
          name: tr('market:apply.proposal'),
          exact: true,
        });
        await proposal.waitFor();
        await expectNoSeriousA11y(talent, `${p}/projects/${project.id}, apply form`);
        await proposal.fill('I have built three booking platforms with React and TypeScript.');
        await talent
          .getByRole('textbox', { name: tr('market:apply.price'), exact: true })
          .fill('2400');
        await talent.getByLabel(tr('market:apply.weeks'), { exact: true }).fill('5');
        await talent.getByRole('button', { name: tr('market:apply.submit'), exact: true }).click();
        await toast(talent, tr('market:apply.sent'));
        const mine = talent.getByRole('region', { name: tr('market:apply.yours') });
        await mine.getByText(tr('market:statuses.application.applied'), { exact: true }).waitFor();

        // Coming back to the posting later, it says the talent applied.
        await talent.reload();
        await mine.getByText(tr('market:statuses.application.applied'), { exact: true }).waitFor();
        expect(await talent.getByRole('button', { name: tr('market:apply.submit') }).count()).toBe(
          0,
        );
        await talent
          .getByText(tr('market:posting.applicants_one', { count: 1 }), { exact: false })
          .waitFor();
        await expectNoSeriousA11y(talent, `${p}/projects/${project.id}, applied`);

        // Search results say so too, on a search opened from its URL.
        await talent.goto(`${p}/opportunities?tab=projects&search=${project.search}`);
        await talent
          .getByRole('article', { name: project.title })
          .getByText(tr('market:posting.applied'), { exact: true })
          .waitFor();

        // The business, in its own browser, reloads its postings.
        await business.goto(`${p}/business/postings?type=project`);
        await cardOf(business, project.title).getByText(applicants(1)).waitFor();
      },
      JOURNEY_MS,
    );

    it(
      'lets the talent find the job by search and filters and apply with a CV uploaded from the form',
      async () => {
        expect(job.id).toBeGreaterThan(0);
        await talent.goto(`${p}/opportunities`);
        await talent.getByRole('link', { name: tr('market:kinds.jobs'), exact: true }).click();
        await talent.waitForURL((url) => url.searchParams.get('tab') === 'jobs');
        await talent.getByLabel(tr('market:search.contract_type'), { exact: true }).waitFor();
        await search(
          job.search,
          {
            'market:search.modality': 'hybrid',
            'market:search.country': 'CO',
            'market:search.contract_type': 'part_time',
          },
          job.title,
        );
        expect(Object.fromEntries(new URL(talent.url()).searchParams)).toMatchObject({
          tab: 'jobs',
          search: job.search,
          modality: 'hybrid',
          country: 'CO',
          contract_type: 'part_time',
        });
        await talent.getByRole('link', { name: job.title, exact: true }).click();
        await talent.waitForURL(`**${p}/jobs/${job.id}`);

        const summary = talent.getByRole('textbox', {
          name: tr('market:apply.summary'),
          exact: true,
        });
        await summary.waitFor();
        await summary.fill('I have kept the dashboards of two exporters for three years.');
        await talent
          .getByRole('textbox', { name: tr('market:apply.experience') })
          .fill('Power BI and PostgreSQL at Café Andino.');
        await talent
          .locator('input[type=file]')
          .setInputFiles({ name: 'lucia-cv.pdf', mimeType: 'application/pdf', buffer: PDF });
        // No CV on the profile: "upload" is chosen from the start, its file shown beside it.
        const uploaded = talent.getByRole('radio', {
          name: tr('market:apply.cv_upload'),
          exact: true,
        });
        await talent
          .getByRole('group', { name: tr('market:apply.cv') })
          .getByText('lucia-cv.pdf')
          .waitFor();
        expect(await uploaded.isChecked()).toBe(true);
        await expectNoSeriousA11y(talent, `${p}/jobs/${job.id}, apply form`);
        await talent.getByRole('button', { name: tr('market:apply.submit'), exact: true }).click();
        await toast(talent, tr('market:apply.sent'));
        await talent
          .getByRole('region', { name: tr('market:apply.yours') })
          .getByText(tr('market:statuses.application.applied'), { exact: true })
          .waitFor();

        await business.goto(`${p}/business/postings?type=job`);
        await cardOf(business, job.title).getByText(applicants(1)).waitFor();
      },
      JOURNEY_MS,
    );

    it(
      'shows both in /applications; an edit shows there, and a withdrawal is marked Withdrawn',
      async () => {
        expect(job.id).toBeGreaterThan(0);
        await talent.goto(`${p}/applications`);
        const projectCard = cardOf(talent, project.title);
        await projectCard
          .getByText(tr('market:statuses.application.applied'), { exact: true })
          .waitFor();
        expect(await projectCard.innerText()).toMatch(/2[.,]?400/);
        await expectNoSeriousA11y(talent, `${p}/applications`);
        await talent.getByRole('link', { name: tr('market:kinds.jobs'), exact: true }).click();
        await talent.waitForURL((url) => url.searchParams.get('type') === 'job');
        await cardOf(talent, job.title)
          .getByText(tr('market:statuses.application.applied'), { exact: true })
          .waitFor();
        await expectNoSeriousA11y(talent, `${p}/applications?type=job`);

        // Edit the proposal of the project: a new price.
        await talent.getByRole('link', { name: tr('market:kinds.projects'), exact: true }).click();
        await talent.getByRole('link', { name: project.title, exact: true }).click();
        await talent.waitForURL(`**${p}/projects/${project.id}`);
        await talent.getByRole('button', { name: tr('market:apply.edit'), exact: true }).click();
        const price = talent.getByRole('textbox', { name: tr('market:apply.price'), exact: true });
        await expect.poll(() => price.inputValue()).toBe('2400');
        await price.fill('2300');
        await talent
          .getByRole('textbox', { name: tr('market:apply.proposal'), exact: true })
          .fill('I have built three booking platforms; this one in five weeks.');
        await talent.getByRole('button', { name: tr('market:apply.save'), exact: true }).click();
        await toast(talent, tr('market:apply.saved'));
        await talent.goto(`${p}/applications`);
        await expect
          .poll(async () => (await projectCard.textContent({ timeout: 10_000 })) ?? '')
          .toMatch(/2[.,]?300/);

        // Withdraw the job application, after confirming.
        await talent.goto(`${p}/applications?type=job`);
        await talent.getByRole('link', { name: job.title, exact: true }).click();
        await talent.waitForURL(`**${p}/jobs/${job.id}`);
        await talent
          .getByRole('button', { name: tr('market:apply.withdraw'), exact: true })
          .click();
        const confirm = talent.getByRole('dialog', {
          name: tr('market:apply.withdraw_title', { name: job.title }),
        });
        await confirm.waitFor();
        await confirm
          .getByRole('button', { name: tr('market:apply.withdraw'), exact: true })
          .click();
        await toast(talent, tr('market:apply.withdrawn'));
        const mine = talent.getByRole('region', { name: tr('market:apply.yours') });
        await mine
          .getByText(tr('market:statuses.application.withdrawn'), { exact: true })
          .waitFor();
        expect(await mine.getByRole('button', { name: tr('market:apply.withdraw') }).count()).toBe(
          0,
        );
        await talent.goto(`${p}/applications?type=job`);
        await cardOf(talent, job.title)
          .getByText(tr('market:statuses.application.withdrawn'), { exact: true })
          .waitFor();
      },
      JOURNEY_MS,
    );

    it(
      "shows the business its applicants after a reload: 1 for the project, 0 for the withdrawn job's",
      async () => {
        expect(job.id).toBeGreaterThan(0);
        await business.goto(`${p}/business/postings`);
        await cardOf(business, project.title).getByText(applicants(1)).waitFor();
        await business.reload();
        await cardOf(business, project.title).getByText(applicants(1)).waitFor();
        await business.getByRole('link', { name: tr('market:kinds.jobs'), exact: true }).click();
        await business.waitForURL((url) => url.searchParams.get('type') === 'job');
        // Withdrawn applications are not counted (docs/api.md "Marketplace").
        await cardOf(business, job.title).getByText(applicants(0)).waitFor();
        await expectNoSeriousA11y(business, `${p}/business/postings?type=job, after`);
      },
      JOURNEY_MS,
    );

    it('answers a 404 page for an unknown posting, and serves a posting with its title in the HTML', async () => {
      expect(project.id).toBeGreaterThan(0);
      const missing = await talent.goto(`${p}/projects/999999`);
      expect(missing?.status()).toBe(404);
      await talent
        .getByRole('heading', { level: 1, name: tr('error_pages.not_found.title') })
        .waitFor();

      // Without JavaScript: what a crawler or a link preview reads.
      const res = await talent.request.get(`${p}/projects/${project.id}`);
      expect(res.status()).toBe(200);
      const html = await res.text();
      expect(html).toContain(`<h1 id="posting-title">${project.title}</h1>`);
      expect(html).toMatch(
        new RegExp(`<meta property="og:title" content="${project.title}"[^>]*>`),
      );
      expect(html).toMatch(new RegExp(`<title[^>]*>${project.title}`));
    });
  });
}
