import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import algosdk from 'algosdk';
import { eq } from 'drizzle-orm';
import { ToastContainer } from 'react-toastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { RecordOnChain } from '@/components/wallets/record-on-chain';
import { WalletSettings } from '@/components/wallets/wallet-settings';
import { projectApplications, users } from '@/db/schema';
import { APPLICATION_STATUS } from '@/lib/statuses';
import { startAlgorandPeer } from '@/scripts/lib/algorand-peer.mjs';
import type { TUser } from '@/types/user';
import { pipelineFixtures } from '../helpers/marketplace';
import { startClientApi } from '../helpers/client-api';
import { renderWithApp } from '../helpers/render';

// The wallet screens against the real API and a real Algorand node on 127.0.0.1
// (scripts/lib/algorand-peer.mjs), signing with the journeys' test signer behind the same
// interface as Pera Wallet: the settings' connect and disconnect (docs/product.md "States and transitions": the flag; "The calls"),
// and "Record on-chain" of finished work (docs/product.md "Validation rules": the balance rule; "The calls": update_wallet).

const algod = vi.hoisted(() => ({ url: '' }));
vi.mock('@/lib/chain-env', async (importOriginal) => {
  const real = await importOriginal<typeof import('@/lib/chain-env')>();
  const chainEnv = new Proxy(real.chainEnv, {
    get: (target, key) =>
      key === 'NEXT_PUBLIC_ALGOD_URL' ? algod.url : target[key as keyof typeof target],
  });
  return { ...real, chainEnv };
});

let server: Awaited<ReturnType<typeof startClientApi>>;
let peer: Awaited<ReturnType<typeof startAlgorandPeer>>;
beforeAll(async () => {
  vi.stubEnv('NEXT_PUBLIC_WALLET_TEST_SIGNER', '1');
  peer = await startAlgorandPeer();
  algod.url = peer.url;
  server = await startClientApi();
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await server.close();
  await peer.close();
});
beforeEach(() => {
  window.localStorage.clear();
  peer.setBalance(5_000_000);
});

const renderSettings = (session: { user: TUser; accessToken: string }, locale: 'en' | 'es') =>
  renderWithApp(
    <>
      <WalletSettings />
      <ToastContainer />
    </>,
    { session, locale },
  );

describe('the wallet settings', () => {
  it('connects an Algorand wallet, saves the address and the flag, then disconnects', async () => {
    const user = userEvent.setup();
    const ana = await server.signUp();
    const { store } = await renderSettings(ana.session, 'en');
    expect(screen.getByText('No Algorand address connected.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Connect Pera Wallet' }));
    await screen.findByText('Wallet updated');
    const address = store.getState().auth.user!.algo_address!;
    expect(algosdk.isValidAddress(address)).toBe(true);
    const [row] = await server.db.select().from(users).where(eq(users.id, ana.id));
    expect(row!.algoAddress).toBe(address);
    expect(window.localStorage.getItem('isConnectAlgorand')).toBe('true');
    // Shortened for the eye, whole in the copy button's name.
    expect(screen.getByText(`${address.slice(0, 6)}…${address.slice(-4)}`)).toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: `Copy the whole address: ${address}` }),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Disconnect' }));
    await screen.findByText('Wallet disconnected');
    expect(store.getState().auth.user!.algo_address).toBeNull();
    const [after] = await server.db.select().from(users).where(eq(users.id, ana.id));
    expect(after!.algoAddress).toBeNull();
    expect(window.localStorage.getItem('isConnectAlgorand')).toBeNull();
  });

  it('keeps nothing when the save fails, and says so in Spanish', async () => {
    const user = userEvent.setup();
    const ana = await server.signUp({ lang: 'es' });
    const { store } = await renderSettings(ana.session, 'es');
    server.failNext('PATCH', '/users/update_algo_address');
    await user.click(screen.getByRole('button', { name: 'Conectar Pera Wallet' }));
    await screen.findByText('Error al guardar los datos, por favor vuelva a intentar.');
    expect(store.getState().auth.user!.algo_address).toBeNull();
    await waitFor(() => expect(window.localStorage.getItem('isConnectAlgorand')).toBeNull());
    expect(screen.getByText('No hay una dirección de Algorand conectada.')).toBeInTheDocument();
  });
});

describe('recording finished work on Algorand', () => {
  /** A finished project with `talent` hired; the talent's session knows it. */
  async function finishedProject(lang: 'en' | 'es' = 'en') {
    const fx = pipelineFixtures(server.call, () => server.clock.now);
    const business = await server.signUp({ isTalent: false });
    const talent = await server.signUp({ lang });
    const posting = await fx.post('project', business.token);
    const application = await fx.apply('project', talent.token, posting.id);
    await fx.move('project', business.token, application.id, APPLICATION_STATUS.hired);
    await fx.start(business.token, posting.id);
    await fx.endProject(business.token, posting.id);
    const { json } = await server.call('GET', `/users/id/${talent.id}`, { token: talent.token });
    return {
      session: { user: json.data as TUser, accessToken: talent.token },
      posting,
      application,
    };
  }

  const renderRecord = (
    work: Awaited<ReturnType<typeof finishedProject>>,
    locale: 'en' | 'es' = 'en',
  ) =>
    renderWithApp(
      <>
        <RecordOnChain
          kind="project"
          applicationId={work.application.id}
          postingId={work.posting.id}
        />
        <ToastContainer />
      </>,
      { session: work.session, locale },
    );

  const storedTx = async (id: number) =>
    (
      await server.db
        .select({ tx: projectApplications.algorandTransaction })
        .from(projectApplications)
        .where(eq(projectApplications.id, id))
    )[0]!.tx;

  it('signs the self-payment, stores its id and links the proof', async () => {
    const user = userEvent.setup();
    const work = await finishedProject();
    const { store } = await renderRecord(work);
    const before = peer.submitted.length;
    await user.click(screen.getByRole('button', { name: 'Record on Algorand' }));
    await screen.findByText('Recorded on-chain. Anyone can verify it now.');

    expect(peer.submitted.length).toBe(before + 1);
    const sent = peer.submitted.at(-1)!.txn;
    const address = store.getState().auth.user!.algo_address!;
    expect(sent.sender.toString()).toBe(address);
    expect(sent.payment!.receiver.toString()).toBe(address);
    expect(sent.payment!.amount).toBe(0n);
    expect(new TextDecoder().decode(sent.note)).toBe(`{"type":"project","id":${work.posting.id}}`);
    const tx = sent.txID();
    expect(await storedTx(work.application.id)).toBe(tx);
    expect(screen.getByRole('link', { name: 'Verify' })).toHaveAttribute(
      'href',
      `/verify/algorand/${tx}`,
    );
    expect(screen.queryByRole('button', { name: 'Record on Algorand' })).toBeNull();
    // The connected address was saved with the record: the proof names the signer.
    const [row] = await server.db.select().from(users).where(eq(users.id, work.session.user.id));
    expect(row!.algoAddress).toBe(address);
  });

  it('sends nothing under 1000 micro-Algos and shows the caller’s message', async () => {
    const user = userEvent.setup();
    const work = await finishedProject('es');
    await renderRecord(work, 'es');
    peer.setBalance(999);
    const before = peer.submitted.length;
    await user.click(screen.getByRole('button', { name: 'Registrar en Algorand' }));
    await screen.findByText(/necesita al menos 0,001 ALGO/);
    expect(peer.submitted.length).toBe(before);
    expect(await storedTx(work.application.id)).toBeNull();
    expect(screen.getByRole('button', { name: 'Registrar en Algorand' })).toBeEnabled();
  });

  it('keeps a sent transaction whose save failed, and saves it on demand', async () => {
    const user = userEvent.setup();
    const work = await finishedProject();
    await renderRecord(work);
    server.failNext('PATCH', '/project_applications/update_wallet');
    await user.click(screen.getByRole('button', { name: 'Record on Algorand' }));
    await screen.findByText('Error saving the data, please try again.');
    const tx = peer.submitted.at(-1)!.txn.txID();
    const kept = screen.getByText(`The transaction ${tx} is on the chain but not saved here yet.`, {
      exact: false,
    });
    expect(kept).toHaveAttribute('role', 'alert');
    expect(await storedTx(work.application.id)).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Save it now' }));
    await screen.findByText('Recorded on-chain. Anyone can verify it now.');
    expect(await storedTx(work.application.id)).toBe(tx);
    expect(screen.queryByText(/is on the chain but not saved here yet/)).toBeNull();
  });
});
