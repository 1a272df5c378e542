import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MalformedProof, ProofView } from '@/components/proofs/proof-view';
import type { TProof } from '@/types/proof';
import { renderWithApp } from '../helpers/render';

// The public verification's page body (docs/product.md "Verification anyone can do"): the verdict
// in words first, then the record and what the chain holds, in both languages.

const TX = 'OCZL34KV2TJPVKICBGUG2VVUGMX22UK6PC347R4W754CO7AOA3ZQ';
const ADDRESS = 'QS67JPYGWFUWQBFGOOOABDHJMN6INSMRWQRR7YKLHZGTS5WMOBQOP3LULU';

const verified: TProof = {
  network: 'algorand',
  tx_id: TX,
  explorer_url: `https://allo.info/tx/${TX}`,
  verdict: 'verified',
  chain: {
    sender: ADDRESS,
    receiver: ADDRESS,
    amount: '0',
    note: '{"type":"project","id":4}',
    round: 1001,
    time: '2026-11-24T00:43:10.000Z',
  },
  application: { id: 9, kind: 'project', recorded_at: '2026-11-24T00:43:12.000Z', signer: ADDRESS },
  talent: { id: 3, name: 'Ana', last_name: 'Quispe', avatar_url: null },
  posting: { id: 4, kind: 'project', name: 'Customer portal', business: 'Northwind' },
};

describe('the proof page', () => {
  it('says verified, whose record it is and what the chain holds', async () => {
    await renderWithApp(<ProofView proof={verified} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Proof on Algorand' })).toBeVisible();
    expect(screen.getByRole('status')).toHaveTextContent(
      'VerifiedThe Algorand blockchain confirms this record: Ana Quispe recorded the finished work “Customer portal”.',
    );
    expect(screen.getByRole('link', { name: 'Ana Quispe' })).toHaveAttribute('href', '/talents/3');
    expect(screen.getByRole('link', { name: 'Customer portal' })).toHaveAttribute(
      'href',
      '/projects/4',
    );
    expect(screen.getByText('Nov 24, 2026')).toBeInTheDocument();
    expect(screen.getByText('{"type":"project","id":4}')).toBeInTheDocument();
    expect(screen.getByText('2026-11-24 00:43 UTC')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See in the explorer' })).toHaveAttribute(
      'href',
      `https://allo.info/tx/${TX}`,
    );
  });

  it('shows the wallet kept with the record as its signer, beside what the chain holds', async () => {
    const other = 'OTHERADDRESS';
    await renderWithApp(
      <ProofView
        proof={{
          ...verified,
          verdict: 'mismatched',
          field: 'sender',
          chain: { ...verified.chain!, sender: other },
        }}
      />,
    );
    expect(screen.getByRole('status')).toHaveTextContent(
      'Does not matchThe transaction exists, but its sender does not match the record stored here.',
    );
    const record = screen.getByRole('region', { name: 'The record' });
    expect(within(record).getByText('Signing wallet')).toBeVisible();
    expect(within(record).getByText(ADDRESS)).toBeVisible();
    const chain = screen.getByRole('region', { name: 'What the chain says' });
    expect(within(chain).getByText(other)).toBeVisible();
  });

  it('says a record kept without a signer cannot be confirmed, in English and Spanish', async () => {
    const unsigned: TProof = {
      ...verified,
      verdict: 'mismatched',
      field: 'sender',
      application: { ...verified.application!, signer: null },
    };
    const { unmount } = await renderWithApp(<ProofView proof={unsigned} />);
    expect(screen.getByRole('status')).toHaveTextContent(
      'Does not matchThe transaction exists, but this record keeps no wallet of the talent to compare its sender with, so it cannot be confirmed.',
    );
    expect(screen.getByText('None kept with this record')).toBeVisible();
    unmount();

    await renderWithApp(<ProofView proof={unsigned} />, { locale: 'es' });
    expect(screen.getByRole('status')).toHaveTextContent(
      'No coincideLa transacción existe, pero este registro no guarda ninguna billetera del talento con la que comparar su remitente, así que no se puede confirmar.',
    );
    expect(screen.getByText('Billetera firmante')).toBeVisible();
    expect(screen.getByText('Ninguna guardada con este registro')).toBeVisible();
  });

  it('names the mismatched field, in Spanish', async () => {
    await renderWithApp(
      <ProofView proof={{ ...verified, verdict: 'mismatched', field: 'note' }} />,
      {
        locale: 'es',
      },
    );
    expect(screen.getByRole('status')).toHaveTextContent(
      'No coincideLa transacción existe, pero su nota no coincide con el registro guardado aquí.',
    );
  });

  it('tells an id stored nowhere from one the chain does not know, and an unreachable chain', async () => {
    const nowhere: TProof = {
      ...verified,
      verdict: 'not_found',
      chain: null,
      application: null,
      talent: null,
      posting: null,
    };
    const { unmount } = await renderWithApp(<ProofView proof={nowhere} />);
    expect(screen.getByRole('status')).toHaveTextContent(
      'No finished work on TalentChain is recorded with this transaction.',
    );
    expect(screen.queryByRole('heading', { name: 'The record' })).toBeNull();
    unmount();

    const { unmount: unmount2 } = await renderWithApp(
      <ProofView proof={{ ...verified, verdict: 'not_found', chain: null }} />,
    );
    expect(screen.getByRole('status')).toHaveTextContent(
      'The Algorand blockchain has no such transaction.',
    );
    unmount2();

    await renderWithApp(
      <ProofView proof={{ ...verified, verdict: 'unreachable', chain: null }} />,
      {
        locale: 'es',
      },
    );
    expect(screen.getByRole('status')).toHaveTextContent(
      'Blockchain no disponibleNo pudimos contactar con la red Algorand en este momento',
    );
  });
});

describe('a malformed id on /verify', () => {
  it.each([
    [
      'en',
      'algorand',
      'This transaction id is malformed',
      'An Algorand transaction id is 52 characters long',
    ],
    ['en', 'near', 'This transaction id is malformed', 'A NEAR transaction hash is 43 or 44'],
    [
      'es',
      'algorand',
      'Este identificador de transacción está mal formado',
      'Un identificador de transacción de Algorand tiene 52 caracteres',
    ],
    [
      'es',
      'near',
      'Este identificador de transacción está mal formado',
      'Un hash de transacción de NEAR tiene 43 o 44 caracteres',
    ],
  ] as const)(
    'says the id is malformed and what one looks like, not "not found" (%s, %s)',
    async (locale, network, heading, rule) => {
      await renderWithApp(<MalformedProof network={network} txId="not-a-tx" />, { locale });
      expect(screen.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      expect(screen.getByText(new RegExp(rule))).toBeVisible();
      expect(screen.getByText('not-a-tx')).toBeVisible();
    },
  );
});
