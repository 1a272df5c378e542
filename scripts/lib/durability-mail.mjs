// @ts-check
import { performance } from 'node:perf_hooks';
// The outbox's kill -9 rounds of `npm run test:durability` (docs/architecture.md "E-mail outbox and
// job queue"): each round, with the SMTP server down, María moves an applicant on her board (the
// move and its e-mail commit together, the API answers 200), and the server is killed with SIGKILL
// at once: the e-mail is committed and not sent. The SMTP server comes back, the app restarts on
// the same data, and the round waits for that e-mail. The SMTP server counts what it receives by
// Message-ID: every round's e-mail must arrive, and none twice.
import path from 'node:path';
import {
  appEnv,
  freePort,
  killApp,
  login,
  requestJson,
  startApp,
  stopApp,
  waitHealthy,
} from './app-process.mjs';
import { startSmtpPeer } from './smtp-peer.mjs';

const BUSINESS = { email: 'maria.business@demo.talentchain.dev', password: 'Demo-pass-2026' };
const SHORTLISTED = 1;
const APPLIED = 0;
/** How long a round waits for its e-mail after the restart (a failed try is retried in a minute). */
const DELIVERY_TIMEOUT_MS = 4 * 60_000;

/** @param {string} raw */
const messageIdOf = (raw) => /^Message-ID:\s*(<[^>]+>)/im.exec(raw)?.[1] ?? '(none)';

/**
 * María's applications that a move can e-mail about: on her recruiting postings, one per topic.
 * @param {string} baseUrl @param {string} token
 */
async function movableApplications(baseUrl, token) {
  /** @type {{kind: string, id: number, status: number}[]} */
  const found = [];
  for (const kind of ['project', 'job']) {
    const mine = await requestJson(baseUrl, 'GET', `/api/me/postings?type=${kind}&per_page=50`, {
      token,
    });
    const postings = Array.isArray(mine.body?.data?.data) ? mine.body.data.data : [];
    for (const posting of postings) {
      const board = await requestJson(
        baseUrl,
        'GET',
        `/api/${kind}s/${posting.id}/applications?per_page=50`,
        { token },
      );
      const applications = board.body?.data?.data;
      if (board.status !== 200 || !Array.isArray(applications)) continue;
      for (const a of applications) {
        const status = Number(kind === 'project' ? a.accepted : a.selected);
        if (status === APPLIED || status === SHORTLISTED) found.push({ kind, id: a.id, status });
      }
    }
  }
  return found;
}

/**
 * @param {{label: string, databaseUrl?: string}} target
 * @param {string} distDir
 * @param {string} work a directory for the data and logs
 * @param {number} rounds
 */
export async function mailRounds(target, distDir, work, rounds) {
  const dataDir = path.join(work, 'mail-data');
  const port = await freePort();
  const smtpPort = await freePort();
  /** @type {{messageId: string, round: number}[]} */
  const received = [];
  let serial = 0;
  const start = () => {
    serial++;
    return startApp({
      port,
      env: appEnv({
        dataDir,
        databaseUrl: target.databaseUrl,
        extra: { SMTP_URL: `smtp://127.0.0.1:${smtpPort}` },
      }),
      logPath: path.join(work, `mail-server-${serial}.log`),
      distDir,
    });
  };
  console.log(
    `\n== ${target.label}: ${rounds} outbox rounds (kill -9 between the event and its e-mail)`,
  );
  let app = start();
  /** @type {Awaited<ReturnType<typeof startSmtpPeer>> | undefined} */
  let peer;
  try {
    await waitHealthy(app);
    const session = await login(app.baseUrl, BUSINESS.email, BUSINESS.password);
    const candidates = await movableApplications(app.baseUrl, session.token);
    /** @type {{round: number, ms: number}[]} */
    const results = [];
    for (let round = 1; round <= rounds; round++) {
      // The next application a move is accepted for (a closed posting refuses it).
      let move;
      do {
        const a = candidates.shift();
        if (!a) throw new Error(`round ${round}: no application of María's could be moved`);
        move = await requestJson(
          app.baseUrl,
          'POST',
          `/api/${a.kind}_applications/changeApplicationStatus`,
          {
            token: session.token,
            body: {
              application_id: a.id,
              status: a.status === APPLIED ? SHORTLISTED : APPLIED,
              lang: 'en',
            },
          },
        );
      } while (move.status === 409);
      if (move.status !== 200) {
        throw new Error(
          `round ${round}: the move answered ${move.status} ${JSON.stringify(move.body)}`,
        );
      }
      // The 200 is in, the SMTP server is down: crash now.
      await killApp(app);
      const before = received.length;
      peer = await startSmtpPeer({ port: smtpPort });
      const restarted = performance.now();
      app = start();
      await waitHealthy(app);
      const deadline = Date.now() + DELIVERY_TIMEOUT_MS;
      while (peer.received.length === 0) {
        if (Date.now() > deadline) throw new Error(`round ${round}: no e-mail after the restart`);
        await new Promise((r) => setTimeout(r, 200));
      }
      const ms = performance.now() - restarted;
      // Down again for the next round (what it received is kept).
      await peer.close();
      for (const m of peer.received) received.push({ messageId: messageIdOf(m.raw), round });
      peer = undefined;
      results.push({ round, ms });
      console.log(
        `round ${round}: e-mail received ${(ms / 1000).toFixed(1)} s after the restart began` +
          ` (${received.length - before} message(s))`,
      );
    }
    await stopApp(app);
    const ids = new Set(received.map((r) => r.messageId));
    const summary = {
      db: target.label,
      rounds,
      received: received.length,
      distinctMessageIds: ids.size,
      lost: rounds - ids.size,
      duplicates: received.length - ids.size,
      deliverySeconds: results.map((r) => Math.round(r.ms / 100) / 10),
    };
    console.log(
      `${target.label} outbox: ${rounds} e-mails committed then killed; received ${summary.received}` +
        `, ${summary.distinctMessageIds} distinct Message-IDs (lost ${summary.lost}, duplicates ${summary.duplicates})`,
    );
    return summary;
  } finally {
    await peer?.close();
    await stopApp(app).catch(() => {});
  }
}
