import { screen, within } from '@testing-library/react';
import type { AxiosRequestConfig } from 'axios';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { TBoardApplication } from '@/types/pipeline';
import { applicant, renderBoard, serveBoard } from '../helpers/board';
import { fakeApi } from '../helpers/fake-api';

// The board's applicant card says which talents the company invited to apply (docs/product.md
// "Invitations to apply"): `invited` of the board's answer.

vi.mock('@/services/http-client', async (original) => {
  const actual = await original<typeof import('@/services/http-client')>();
  const { fakeApi: fake } = await import('../helpers/fake-api');
  return { ...actual, call: (c: AxiosRequestConfig) => fake.call(c, actual.outcomeOf) };
});

const invited = { ...applicant(21, 'Ana', 'Quispe'), invited: true } as TBoardApplication;
const walkIn = { ...applicant(22, 'Diego', 'Rojas'), invited: false } as TBoardApplication;

beforeEach(() => fakeApi.reset());

const BADGE = { en: 'Invited', es: 'Con invitación' } as const;

describe.each(['en', 'es'] as const)('the board card of an invited talent (%s)', (locale) => {
  it(`says "${BADGE[locale]}" on the invited talent's card only`, async () => {
    serveBoard([invited, walkIn]);
    await renderBoard(locale);
    const ana = (await screen.findByRole('heading', { name: 'Ana Quispe' })).closest('article')!;
    const diego = screen.getByRole('heading', { name: 'Diego Rojas' }).closest('article')!;
    expect(within(ana as HTMLElement).getByText(BADGE[locale])).toBeInTheDocument();
    expect(within(diego as HTMLElement).queryByText(BADGE[locale])).not.toBeInTheDocument();
  });
});
