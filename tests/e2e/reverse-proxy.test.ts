import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import https from 'node:https';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASE_URL, launchBrowser, uniqueEmail } from './browser';
import { signIn } from './journeys';
import { secretsSeen } from './secrets';

// The app served through Debian's nginx with docs/deploy/nginx.conf, the example docs/deploy.md
// gives, over TLS with a throwaway certificate, as docs/deploy.md says to run it: the journeys'
// server runs with TRUST_PROXY=1 (scripts/e2e.mjs). Only the ports, the name, the certificate
// and the upstream's address of the example are replaced. nginx runs as a user without
// privileges (nobody, when this runs as root), on loopback ports, from a directory of its own.
// CI installs nginx (.ci/run); elsewhere the file is skipped without it.

const NGINX = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((p) => fs.existsSync(p));
const OPENSSL = ['/usr/bin/openssl', '/bin/openssl'].find((p) => fs.existsSync(p));
const EXAMPLE = path.join(process.cwd(), 'docs', 'deploy', 'nginx.conf');
const DEMO = { email: 'ana.talent@demo.talentchain.dev', password: 'Demo-pass-2026' };
/** The failed logins one (account, address) may make in 15 minutes (docs/security.md "Rate limits"). */
const ACCOUNT_ADDRESS_FAILURES = 10;

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });

/** `text` with `from` replaced by `to`; fails when the example no longer has `from`. */
function replaced(text: string, from: string | RegExp, to: string): string {
  const found = typeof from === 'string' ? text.includes(from) : from.test(text);
  if (!found) throw new Error(`docs/deploy/nginx.conf no longer has ${String(from)}`);
  return text.split(from as string).join(to);
}

/** The example, on loopback ports, with this run's certificate, pointing at the journeys' server. */
function siteConfig(
  example: string,
  o: { httpPort: number; httpsPort: number; appPort: number; cert: string; key: string },
): string {
  let site = example;
  site = replaced(site, 'server 127.0.0.1:3000;', `server 127.0.0.1:${o.appPort};`);
  site = replaced(site, /^\s*listen \[::\]:\d+.*\n/gm, '');
  site = replaced(site, 'listen 80;', `listen 127.0.0.1:${o.httpPort};`);
  site = replaced(site, 'listen 443 ssl', `listen 127.0.0.1:${o.httpsPort} ssl`);
  site = replaced(site, 'https://$host$request_uri', `https://$host:${o.httpsPort}$request_uri`);
  site = replaced(site, 'server_name talent.example.org;', 'server_name localhost;');
  site = replaced(
    site,
    'ssl_certificate /etc/letsencrypt/live/talent.example.org/fullchain.pem;',
    `ssl_certificate ${o.cert};`,
  );
  site = replaced(
    site,
    'ssl_certificate_key /etc/letsencrypt/live/talent.example.org/privkey.pem;',
    `ssl_certificate_key ${o.key};`,
  );
  return site;
}

type TAnswer = { status: number; headers: http.IncomingHttpHeaders; body: string };

let work = '';
let httpsPort = 0;
let httpPort = 0;
let cert = '';
let nginx: ChildProcess | undefined;

/**
 * One request to nginx, from the loopback address `from` (the whole of 127.0.0.0/8 is this
 * machine's, so each address is another client as nginx sees it).
 */
function request(
  pathname: string,
  opts: {
    from?: string;
    method?: string;
    headers?: Record<string, string>;
    body?: unknown;
    plain?: boolean;
    /** Resolve as soon as the body holds this (a stream that does not end). */
    until?: string;
  } = {},
): Promise<TAnswer> {
  const body = opts.body === undefined ? undefined : JSON.stringify(opts.body);
  const headers: Record<string, string> = {
    ...opts.headers,
    ...(body ? { 'content-type': 'application/json' } : {}),
  };
  const options = {
    host: '127.0.0.1',
    port: opts.plain ? httpPort : httpsPort,
    path: pathname,
    method: opts.method ?? 'GET',
    localAddress: opts.from ?? '127.0.0.1',
    headers: { host: `localhost:${opts.plain ? httpPort : httpsPort}`, ...headers },
  };
  return new Promise((resolve, reject) => {
    const done = (res: http.IncomingMessage) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        text += chunk;
        if (opts.until && text.includes(opts.until)) {
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text });
          res.destroy();
        }
      });
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }),
      );
      res.on('error', reject);
    };
    const req = opts.plain
      ? http.request(options, done)
      : https.request({ ...options, ca: cert, servername: 'localhost' }, done);
    req.on('error', reject);
    req.end(body);
  });
}

/**
 * Resolves once nginx listens: it writes its pid file after it has bound its sockets. Throws,
 * with its error log, when it exits first.
 */
function started(child: ChildProcess): Promise<void> {
  const pidFile = path.join(work, 'nginx.pid');
  return new Promise((resolve, reject) => {
    const watcher = fs.watch(work, () => {
      if (fs.existsSync(pidFile)) finish();
    });
    const finish = (code?: number | null) => {
      watcher.close();
      child.off('exit', finish);
      if (code === undefined) return resolve();
      const log = fs.readFileSync(path.join(work, 'error.log'), 'utf8');
      reject(new Error(`nginx exited (${code}):\n${log}`));
    };
    child.once('exit', finish);
    if (fs.existsSync(pidFile)) finish();
  });
}

describe.skipIf(!NGINX && !process.env.CI)('the app behind nginx (docs/deploy.md)', () => {
  beforeAll(async () => {
    if (!NGINX || !OPENSSL) throw new Error('CI installs nginx and openssl (.ci/run)');
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'tc-nginx-'));
    [httpPort, httpsPort] = [await freePort(), await freePort()];
    const certPath = path.join(work, 'cert.pem');
    const keyPath = path.join(work, 'key.pem');
    execFileSync(
      OPENSSL,
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=localhost',
        '-addext',
        'subjectAltName=DNS:localhost,IP:127.0.0.1',
        '-keyout',
        keyPath,
        '-out',
        certPath,
      ],
      { stdio: 'ignore' },
    );
    cert = fs.readFileSync(certPath, 'utf8');
    const site = siteConfig(fs.readFileSync(EXAMPLE, 'utf8'), {
      httpPort,
      httpsPort,
      appPort: Number(new URL(BASE_URL).port),
      cert: certPath,
      key: keyPath,
    });
    fs.writeFileSync(path.join(work, 'site.conf'), site);
    // What Debian's /etc/nginx/nginx.conf provides around a site, in this directory.
    const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']
      .map((t) => `    ${t}_temp_path ${path.join(work, `${t}-temp`)};`)
      .join('\n');
    fs.writeFileSync(
      path.join(work, 'nginx.conf'),
      [
        'daemon off;',
        'worker_processes 1;',
        `pid ${path.join(work, 'nginx.pid')};`,
        `error_log ${path.join(work, 'error.log')} warn;`,
        'events { worker_connections 64; }',
        'http {',
        `    access_log ${path.join(work, 'access.log')};`,
        temp,
        `    include ${path.join(work, 'site.conf')};`,
        '}',
        '',
      ].join('\n'),
    );
    const args = [
      '-p',
      work,
      '-c',
      path.join(work, 'nginx.conf'),
      '-e',
      path.join(work, 'error.log'),
    ];
    let command = NGINX;
    if (process.getuid?.() === 0) {
      // Never as root: as nobody, who owns the directory.
      const uid = Number(execFileSync('id', ['-u', 'nobody'], { encoding: 'utf8' }));
      const gid = Number(execFileSync('id', ['-g', 'nobody'], { encoding: 'utf8' }));
      for (const f of ['', ...fs.readdirSync(work)]) fs.chownSync(path.join(work, f), uid, gid);
      args.unshift('-u', 'nobody', '--', NGINX);
      command = 'runuser';
    }
    nginx = spawn(command, args, { detached: true, stdio: 'ignore' });
    await started(nginx);
  });

  afterAll(() => {
    if (nginx?.pid && nginx.exitCode === null) process.kill(-nginx.pid, 'SIGTERM');
  });

  it('serves a page and the API over HTTPS, with Strict-Transport-Security', async () => {
    const page = await request('/');
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('TalentChain');
    expect(page.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'");

    // A client's own X-Forwarded-Proto is replaced by nginx's.
    const api = await request('/api/health', { headers: { 'X-Forwarded-Proto': 'http' } });
    expect(api.status).toBe(200);
    expect(JSON.parse(api.body)).toMatchObject({ status: true });
    expect(api.headers['strict-transport-security']).toMatch(/max-age=\d+/);
  });

  it('sends plain HTTP to HTTPS, without Strict-Transport-Security', async () => {
    const res = await request('/opportunities?q=x', { plain: true });
    expect(res.status).toBe(301);
    expect(res.headers.location).toBe(`https://localhost:${httpsPort}/opportunities?q=x`);
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it("limits the client's forwarded address, not nginx's, and not one the client writes", async () => {
    const email = uniqueEmail('proxy');
    const wrong = { email, password: 'not the password' };
    const login = (from: string, headers?: Record<string, string>) =>
      request('/api/users/login', { method: 'POST', from, body: wrong, headers });

    for (let i = 0; i < ACCOUNT_ADDRESS_FAILURES; i++) {
      expect((await login('127.0.0.5')).status).toBe(401);
    }
    // This client's failures are spent...
    expect((await login('127.0.0.5')).status).toBe(429);
    // ...also when it names another address itself: the app reads the entry nginx appended.
    expect((await login('127.0.0.5', { 'X-Forwarded-For': '203.0.113.7' })).status).toBe(429);
    // Another client, behind the same nginx (the app's peer is 127.0.0.1 for both), still may,
    // even when it claims to be the limited one.
    expect((await login('127.0.0.6')).status).toBe(401);
    expect((await login('127.0.0.6', { 'X-Forwarded-For': '127.0.0.5' })).status).toBe(401);
  });

  it('passes the live notifications stream on at once', async () => {
    const signedIn = await request('/api/users/login', { method: 'POST', body: DEMO });
    expect(signedIn.status).toBe(200);
    const token = (JSON.parse(signedIn.body) as { access_token: string }).access_token;
    secretsSeen.add(token);
    const stream = await request('/api/notifications/stream', {
      headers: { Authorization: `Bearer ${token}`, Accept: 'text/event-stream' },
      until: 'event: ready',
    });
    expect(stream.status).toBe(200);
    expect(stream.headers['content-type']).toContain('text/event-stream');
    expect(stream.body).toContain('event: ready');
  });

  it('signs in through the proxy in Chromium, with a Secure session cookie', async () => {
    const browser = await launchBrowser();
    try {
      const context = await browser.newContext({
        ignoreHTTPSErrors: true,
        baseURL: `https://localhost:${httpsPort}`,
      });
      const page = await context.newPage();
      secretsSeen.add(DEMO.password);
      await signIn(page, DEMO.email, DEMO.password);
      await page.waitForURL((url) => !url.pathname.startsWith('/auth/'));
      const cookies = await context.cookies();
      const session = cookies.find((c) => c.name === 'tc_session');
      expect(session?.secure).toBe(true);
      expect(session?.sameSite).toBe('Strict');
    } finally {
      await browser.close();
    }
  });
});
