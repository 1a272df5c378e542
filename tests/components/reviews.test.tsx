import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ReviewAction from '@/components/reviews/review-action';
import { ReviewsSection } from '@/components/reviews/reviews-section';
import { companies } from '@/db/schema';
import { APPLICATION_STATUS } from '@/lib/statuses';
import { SessionProvider } from '@/store/session';
import type { TReviewPage } from '@/types/review';
import { startClientApi } from '../helpers/client-api';
import { pipelineFixtures } from '../helpers/marketplace';
import { renderWithApp } from '../helpers/render';

// Reviews on the screens (docs/product.md "Reviews"): the review state and dialog of a finished
// hired application (stars as a radio group, the text and its counter, the pending state), and
// the public "Reviews" section (average, each review beside its work, "Verified on Algorand" only
// for a proof the chain confirms, "Former user", the reply form for the reviewed side). Against
// the real API (tests/helpers/client-api.ts), in English and Spanish.

let server: Awaited<ReturnType<typeof startClientApi>>;
let fx: ReturnType<typeof pipelineFixtures>;

beforeAll(async () => {
  server = await startClientApi();
  fx = pipelineFixtures(server.call, () => server.clock.now);
});
afterAll(async () => server.close());

const T = {
  en: {
    review: (n: string) => `Review ${n}`,
    rating: '4 stars: very good',
    body: 'Your review',
    send: 'Publish review',
    choose: 'Choose from 1 to 5 stars.',
    pending: (n: string) => `Your review waits for ${n}’s`,
    title: 'Reviews',
    count: '2 reviews',
    verified: 'Verified on Algorand',
    former: 'Former user',
    report: 'Report the review of',
    reply: 'Reply',
    replyLabel: (n: string) => `Your reply to ${n}`,
    publishReply: 'Publish reply',
  },
  es: {
    review: (n: string) => `Escribir reseña de ${n}`,
    rating: '4 estrellas: muy buena',
    body: 'Tu reseña',
    send: 'Publicar reseña',
    choose: 'Elige de 1 a 5 estrellas.',
    pending: (n: string) => `Tu reseña espera la de ${n}`,
    title: 'Reseñas',
    count: '2 reseñas',
    verified: 'Verificado en Algorand',
    former: 'Usuario eliminado',
    report: 'Denunciar la reseña de',
    reply: 'Responder',
    replyLabel: (n: string) => `Tu respuesta a ${n}`,
    publishReply: 'Publicar respuesta',
  },
};

/** A finished project of "Andes Labs <locale>" with its hired talent. */
async function finishedWork(locale: 'en' | 'es') {
  const business = await server.signUp({ isTalent: false, name: 'Bea' });
  const company = `Andes Labs ${locale}`;
  await server.db
    .update(companies)
    .set({ name: company })
    .where(eq(companies.id, business.companyId!));
  const talent = await server.signUp({ name: 'Rosa' });
  const posting = await fx.post('project', business.token);
  const a = await fx.apply('project', talent.token, posting.id);
  await fx.move('project', business.token, a.id, APPLICATION_STATUS.hired);
  await fx.start(business.token, posting.id);
  await fx.endProject(business.token, posting.id);
  return { business, talent, posting, a, company };
}

for (const locale of ['en', 'es'] as const) {
  const t = T[locale];

  describe(`the review dialog (${locale})`, () => {
    it('asks for stars, counts the text, sends the review and shows it pending', async () => {
      const user = userEvent.setup();
      const w = await finishedWork(locale);
      await renderWithApp(<ReviewAction kind="project" applicationId={w.a.id} />, {
        session: w.talent.session,
        locale,
      });
      await user.click(
        await screen.findByRole('button', { name: new RegExp(t.review(w.company)) }),
      );
      const dialog = await screen.findByRole('dialog');
      await user.click(within(dialog).getByRole('button', { name: t.send }));
      expect(await within(dialog).findByText(t.choose)).toBeInTheDocument();
      const stars = within(dialog).getByRole('group');
      expect(within(stars).getAllByRole('radio')).toHaveLength(5);
      await user.click(within(stars).getByRole('radio', { name: t.rating }));
      expect(within(dialog).queryByText(t.choose)).toBeNull();
      await user.type(within(dialog).getByLabelText(t.body), 'Clear brief.');
      expect(within(dialog).getByText('12 / 2000')).toBeInTheDocument();
      await user.click(within(dialog).getByRole('button', { name: t.send }));
      expect(await screen.findByText(t.pending(w.company))).toBeInTheDocument();
      expect(server.requests).toContainEqual(expect.stringMatching(/^POST \/reviews .*"rating":4/));
      // Written: no button to write another.
      expect(screen.queryByRole('button', { name: new RegExp(t.review(w.company)) })).toBeNull();
    });
  });

  describe(`the Reviews section (${locale})`, () => {
    it('shows the average, each work, the proof only when verified, and a gone author', async () => {
      const initial: TReviewPage = {
        data: [
          {
            id: 1,
            rating: 5,
            body: 'Delivered early.',
            author: { name: 'Bea Test', company: 'Andes Labs', deleted: false },
            posting: { kind: 'project', id: 7, name: 'Shop' },
            proof: { network: 'algorand', tx_id: 'A'.repeat(52), verdict: 'verified' },
            created_at: '2026-11-01T10:00:00.000Z',
          },
          {
            id: 2,
            rating: 4,
            body: 'Good work.',
            author: { name: 'Former user', deleted: true },
            posting: { kind: 'job', id: 8, name: 'Audit' },
            proof: { network: 'algorand', tx_id: 'B'.repeat(52), verdict: 'mismatched' },
            created_at: '2026-10-01T10:00:00.000Z',
          },
        ],
        total: 2,
        page: 1,
        per_page: 10,
        last_page: 1,
        average: 4.5,
        count: 2,
      };
      await renderWithApp(
        <SessionProvider persistor={null} rehydrated>
          <ReviewsSection owner={{ of: 'talent', id: 1 }} initial={initial} replyName="Rosa" />
        </SessionProvider>,
        { locale },
      );
      const section = screen.getByRole('region', { name: t.title });
      expect(section).toHaveTextContent('4.5');
      expect(within(section).getByText(t.count)).toBeInTheDocument();
      const verified = within(section).getAllByRole('link', { name: t.verified });
      expect(verified).toHaveLength(1);
      expect(verified[0]).toHaveAttribute('href', `/verify/algorand/${'A'.repeat(52)}`);
      expect(within(section).getByRole('link', { name: 'Audit' })).toHaveAttribute(
        'href',
        '/jobs/8',
      );
      expect(within(section).getByRole('link', { name: 'Shop' })).toHaveAttribute(
        'href',
        '/projects/7',
      );
      expect(within(section).getByText(t.former)).toBeInTheDocument();
      // Signed out: nobody may reply, nor report.
      expect(within(section).queryByRole('button', { name: new RegExp(`^${t.reply}`) })).toBeNull();
      expect(
        within(section).queryByRole('button', { name: new RegExp(`^${t.report}`) }),
      ).toBeNull();
    });

    it('lets the company’s team reply once to a published review', async () => {
      const user = userEvent.setup();
      const w = await finishedWork(locale);
      for (const [token, rating] of [
        [w.talent.token, 4],
        [w.business.token, 5],
      ] as const) {
        const r = await server.call('POST', '/reviews', {
          token,
          body: {
            kind: 'project',
            application_id: w.a.id,
            rating,
            body: `Rated ${rating}`,
            lang: locale,
          },
        });
        expect(r.status, JSON.stringify(r.json)).toBe(201);
      }
      const [companyRow] = await server.db
        .select({ slug: companies.slug })
        .from(companies)
        .where(eq(companies.id, w.business.companyId!));
      const initial = (await server.call('GET', `/companies/${companyRow!.slug}/reviews`)).json
        .data as TReviewPage;
      await renderWithApp(
        <SessionProvider persistor={null} rehydrated>
          <ReviewsSection
            owner={{ of: 'company', slug: companyRow!.slug }}
            initial={initial}
            replyName={w.company}
          />
        </SessionProvider>,
        { session: w.business.session, locale },
      );
      const section = screen.getByRole('region', { name: t.title });
      // Signed in, a review can be reported; its button names whose review it is.
      // (The list on screen may be replaced as the session loads: finding it is the check.)
      await within(section).findByRole('button', { name: `${t.report} Rosa Test` });
      await user.click(
        await within(section).findByRole('button', { name: new RegExp(`^${t.reply}`) }),
      );
      await user.type(within(section).getByLabelText(new RegExp(t.replyLabel(''))), 'Thanks!');
      await user.click(within(section).getByRole('button', { name: t.publishReply }));
      expect(
        await within(section).findByText('Thanks!', { selector: 'p' }, { timeout: 5000 }),
      ).toBeInTheDocument();
      await waitFor(() =>
        expect(
          within(section).queryByRole('button', { name: new RegExp(`^${t.reply}`) }),
        ).toBeNull(),
      );
    });
  });
}
