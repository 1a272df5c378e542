import algosdk from 'algosdk';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setUpBrowser, uniqueEmail } from './browser';
import {
  ANSWER_MS,
  api,
  expectFitsAt320,
  expectNoSeriousA11y,
  prefix,
  tag,
  text,
  toast,
  type TLocale,
} from './journeys';
import {
  applyByApi,
  closePages,
  JOURNEY_MS,
  openPage,
  postProjectByApi,
  registerBusinessByApi,
  registerTalentByApi,
  signedIn,
} from './scenes';

// Reviews beside the on-chain proof (docs/product.md "Reviews"), in each language: a project is
// finished (through the API) and its hired talent records it on Algorand (signed in the test,
// confirmed by the peer scripts/e2e.mjs started); the talent reviews the company from
// /applications, the company's owner reviews the talent from the board's hired card; both
// reviews then show on the talent's public page and the company's page, each beside its work
// with "Verified on Algorand" linking to its /verify page, server-rendered. The owner replies.
// axe finds nothing serious, and the pages fit 320 px.

const ALGORAND_URL = process.env.E2E_ALGORAND_URL ?? 'http://127.0.0.1:47011';
const PASSWORD = 'Review-pass-2026';

setUpBrowser();

/** A finished project with a hired talent whose work is recorded on Algorand. */
async function finishedRecordedProject(locale: TLocale) {
  const t = tag();
  const company = `Orchard Labs ${t}`;
  const business = { email: uniqueEmail(`rev-biz-${locale}`), password: PASSWORD };
  const talent = { email: uniqueEmail(`rev-talent-${locale}`), password: PASSWORD };
  const bizToken = await registerBusinessByApi(locale, { ...business, company, name: 'Lucía' });
  const talentToken = await registerTalentByApi(locale, {
    ...talent,
    name: 'Rosa',
    lastName: 'Mamani',
  });
  const project = await postProjectByApi(bizToken, { name: `Weavers’ shop ${t}` });
  await applyByApi(locale, talentToken, { projectId: project.id });
  const board = (await api('GET', `/projects/${project.id}/applications`, undefined, bizToken))
    .data as { data: { id: number; talent: { id: number } }[] };
  const application = board.data[0]!;
  await api(
    'POST',
    '/project_applications/changeApplicationStatus',
    { application_id: application.id, status: 2, lang: locale },
    bizToken,
  );
  await api('POST', '/projects/start', { id: project.id, lang: locale }, bizToken);
  await api('POST', '/projects/end', { id: project.id, lang: locale }, bizToken);

  // The talent's record: a zero-amount self-payment with the JSON note, from a saved wallet.
  const account = algosdk.generateAccount();
  const address = account.addr.toString();
  await api('PATCH', '/users/update_algo_address', { algo_address: address }, talentToken);
  const algod = new algosdk.Algodv2({}, ALGORAND_URL);
  const txn = algosdk.makePaymentTxnWithSuggestedParamsFromObject({
    sender: address,
    receiver: address,
    amount: 0,
    note: new TextEncoder().encode(JSON.stringify({ type: 'project', id: project.id })),
    suggestedParams: await algod.getTransactionParams().do(),
  });
  const { txid } = await algod.sendRawTransaction(txn.signTxn(account.sk)).do();
  await api(
    'PATCH',
    '/project_applications/update_wallet',
    { id: application.id, algorand_transaction: txid },
    talentToken,
  );
  const chosen = (await api('GET', '/me/company', undefined, bizToken)).data as {
    company: { slug: string };
  };
  return {
    business,
    talent,
    company,
    slug: chosen.company.slug,
    project,
    talentId: application.talent.id,
    txid,
  };
}

/** Writes a review in the dialog: `stars` of 5 and `body`, then waits for the toast. */
async function writeReview(page: Page, locale: TLocale, name: string, stars: number, body: string) {
  const tr = (k: string, v?: Record<string, string | number>) => text(locale, k, v);
  const open = page.getByRole('button', { name: tr('reviews:action.review', { name }) });
  await open.waitFor({ timeout: ANSWER_MS });
  await open.click();
  const dialog = page.getByRole('dialog', { name: tr('reviews:dialog.title', { name }) });
  await dialog.waitFor();
  // Without a rating, the dialog asks for one.
  await dialog.getByRole('button', { name: tr('reviews:dialog.send') }).click();
  await dialog.getByText(tr('reviews:dialog.choose_rating')).waitFor();
  await expectNoSeriousA11y(page, 'the review dialog');
  await dialog
    .getByRole('radio', { name: tr(`reviews:dialog.ratings.${stars}`) })
    .check({ force: true });
  await dialog.getByLabel(tr('reviews:dialog.body')).fill(body);
  await dialog.getByText(`${body.length} / 2000`).waitFor();
  await dialog.getByRole('button', { name: tr('reviews:dialog.send') }).click();
  await toast(page, tr('reviews:dialog.sent', { name }));
}

for (const locale of ['en', 'es'] as TLocale[]) {
  const tr = (k: string, v?: Record<string, string | number>) => text(locale, k, v);
  const p = prefix(locale);

  describe(`reviews beside the proof (${locale})`, () => {
    let talentPage: Page | undefined;
    let businessPage: Page | undefined;
    let scene: Awaited<ReturnType<typeof finishedRecordedProject>>;

    beforeAll(async () => {
      scene = await finishedRecordedProject(locale);
      talentPage = await openPage();
      businessPage = await openPage();
    }, JOURNEY_MS);
    afterAll(async () => closePages(talentPage, businessPage));

    it(
      'both sides review after the finish, and both pages show the reviews next to the proof',
      async () => {
        const talentName = 'Rosa Mamani';
        const talentWords = `${locale === 'es' ? 'Pagos puntuales y un brief claro' : 'Clear brief and paid on time'} ${tag()}`;
        const companyWords = `${locale === 'es' ? 'Entregó antes de tiempo' : 'Delivered ahead of time'} ${tag()}`;

        // The talent, from /applications: the review waits for the company's.
        const tp = talentPage!;
        await signedIn(tp, scene.talent, locale);
        await tp.goto(`${p}/applications?type=project`);
        await writeReview(tp, locale, scene.company, 4, talentWords);
        await tp
          .getByText(tr('reviews:action.pending', { name: scene.company }))
          .waitFor({ timeout: ANSWER_MS });
        await expectNoSeriousA11y(tp, `${p}/applications`);
        await expectFitsAt320(tp, `${p}/applications`);

        // Hidden until both wrote: the company's page shows none yet.
        const before = await (
          await fetch(new URL(`${p}/companies/${scene.slug}`, tp.url()))
        ).text();
        expect(before).not.toContain(talentWords);

        // The owner, from the hired card of the finished project's board.
        const bp = businessPage!;
        await signedIn(bp, scene.business, locale);
        await bp.goto(`${p}/business/projects/${scene.project.id}/applicants`);
        await bp
          .getByText(tr('reviews:action.waiting', { name: talentName }))
          .waitFor({ timeout: ANSWER_MS });
        await writeReview(bp, locale, talentName, 5, companyWords);
        await bp.getByText(tr('reviews:action.reviewed')).waitFor({ timeout: ANSWER_MS });

        // The talent's public page: the company's review, beside the work and its proof.
        const verified = tr('reviews:verified', { network: 'Algorand' });
        await tp.goto(`${p}/talents/${scene.talentId}`);
        const onTalent = tp.getByRole('region', { name: tr('reviews:title') });
        await onTalent.getByText(companyWords).waitFor();
        await onTalent.getByText(tr('reviews:count_one', { count: 1 })).waitFor();
        await onTalent.getByRole('link', { name: scene.project.name }).waitFor();
        const proof = onTalent.getByRole('link', { name: verified });
        expect(await proof.getAttribute('href')).toBe(`${p}/verify/algorand/${scene.txid}`);
        await expectNoSeriousA11y(tp, `${p}/talents/${scene.talentId}`);
        await expectFitsAt320(tp, `${p}/talents/${scene.talentId}`);

        // The company's page, rendered on the server with the talent's review and its proof.
        const html = await (await fetch(new URL(`${p}/companies/${scene.slug}`, tp.url()))).text();
        expect(html).toContain(talentWords);
        expect(html).toContain(verified);

        // The owner answers the talent's review on the company's page, once.
        await bp.goto(`${p}/companies/${scene.slug}`);
        const onCompany = bp.getByRole('region', { name: tr('reviews:title') });
        await onCompany.getByText(talentWords).waitFor();
        await onCompany.getByRole('link', { name: verified }).waitFor();
        await expectNoSeriousA11y(bp, `${p}/companies/${scene.slug}`);
        await expectFitsAt320(bp, `${p}/companies/${scene.slug}`);
        const reply = locale === 'es' ? '¡Gracias, Rosa!' : 'Thank you, Rosa!';
        await onCompany
          .getByRole('button', { name: tr('reviews:reply.open_to', { name: talentName }) })
          .click({ timeout: ANSWER_MS });
        await onCompany.getByLabel(tr('reviews:reply.label', { name: talentName })).fill(reply);
        await onCompany.getByRole('button', { name: tr('reviews:reply.send') }).click();
        await toast(bp, tr('reviews:reply.sent'));
        await onCompany.getByText(reply).waitFor();
        await onCompany.getByText(tr('reviews:reply.from', { name: scene.company })).waitFor();
        expect(
          await onCompany.getByRole('button', { name: tr('reviews:reply.open') }).count(),
        ).toBe(0);

        // The proof's link opens its public verification.
        await proof.click();
        await tp.waitForURL(/\/verify\/algorand\//, { timeout: ANSWER_MS });
        await tp.getByText(tr('wallet:verify.verdict.verified'), { exact: true }).waitFor();
      },
      JOURNEY_MS,
    );
  });
}
