// A fake Firebase Cloud Messaging (HTTP v1) on loopback for the push end-to-end test: an OAuth2
// token endpoint and messages:send. Tokens can be told to answer UNREGISTERED, or to wait (hang)
// until released; it counts what it received per token. It writes the service-account file the
// server reads through VITRINA_FCM_CREDENTIALS.
import { generateKeyPairSync } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';

export const PROJECT = 'vitrina-e2e';

export async function startFakeFcm(dir) {
  const received = new Map();
  const unregistered = new Set();
  const held = new Map(); // token → list of answers waiting for release
  const holding = new Set();

  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      const url = new URL(req.url, 'http://x');
      if (req.method === 'POST' && url.pathname === '/token') {
        res.writeHead(200, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify({ access_token: 'fake-access-token', token_type: 'Bearer', expires_in: 3600 }));
        return;
      }
      if (req.method === 'POST' && url.pathname === `/v1/projects/${PROJECT}/messages:send`) {
        let token = '';
        try {
          token = JSON.parse(body).message?.token ?? '';
        } catch {
          // counted under ''
        }
        received.set(token, (received.get(token) ?? 0) + 1);
        const answer = () => {
          if (unregistered.has(token)) {
            res.writeHead(404, { 'Content-Type': 'application/json' });
            res.end(
              JSON.stringify({
                error: {
                  code: 404,
                  message: 'Requested entity was not found.',
                  status: 'NOT_FOUND',
                  details: [{ '@type': 'type.googleapis.com/google.firebase.fcm.v1.FcmError', errorCode: 'UNREGISTERED' }],
                },
              }),
            );
            return;
          }
          res.writeHead(200, { 'Content-Type': 'application/json' });
          res.end(JSON.stringify({ name: `projects/${PROJECT}/messages/${received.get(token)}` }));
        };
        if (holding.has(token)) {
          const list = held.get(token) ?? [];
          list.push(answer);
          held.set(token, list);
        } else {
          answer();
        }
        return;
      }
      res.writeHead(404);
      res.end();
    });
  });
  await new Promise((ok) => server.listen(0, '127.0.0.1', ok));
  const endpoint = `http://127.0.0.1:${server.address().port}`;

  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const credentials = join(dir, 'fcm-service-account.json');
  writeFileSync(
    credentials,
    JSON.stringify({
      type: 'service_account',
      project_id: PROJECT,
      private_key_id: 'e2e',
      private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }),
      client_email: `e2e@${PROJECT}.iam.gserviceaccount.com`,
      client_id: '1',
      token_uri: `${endpoint}/token`,
    }),
  );

  return {
    endpoint,
    credentials,
    env: { VITRINA_FCM_CREDENTIALS: credentials, VITRINA_FCM_ENDPOINT: endpoint },
    received: (token) => received.get(token) ?? 0,
    unregister: (token) => unregistered.add(token),
    /** Answers to this token wait until released. */
    hold: (token) => holding.add(token),
    release: (token) => {
      holding.delete(token);
      for (const answer of held.get(token) ?? []) answer();
      held.delete(token);
    },
    async stop() {
      for (const token of [...holding]) this.release(token);
      server.closeAllConnections?.();
      await new Promise((ok) => server.close(ok));
    },
  };
}
