// A local stand-in for Stripe's API (issue 25), as the local QPay stands in for QPay: Checkout
// Sessions (create with idempotency keys, retrieve, expire), refunds, a Checkout page a browser
// can pay on, and webhooks signed with the real `stripe.webhooks.generateTestHeaderString`. A
// session's webhooks go to `/api/payments/stripe/webhook` at its success URL's origin, so one fake
// serves every product that uses it.
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { escapeHtml } from '../lib/html.ts';

export const FAKE_STRIPE = {
  secretKey: 'sk_test_aylal_fake',
  webhookSecret: 'whsec_aylal_fake_secret',
};

/** The product's configuration that points it at the fake Stripe answering at `url`. */
export const fakeStripeConfig = (url: string) => ({
  STRIPE_API_URL: url,
  STRIPE_SECRET_KEY: FAKE_STRIPE.secretKey,
  STRIPE_WEBHOOK_SECRET: FAKE_STRIPE.webhookSecret,
});

export interface FakeSession {
  id: string;
  object: 'checkout.session';
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid';
  amount_total: number;
  currency: string;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  success_url: string;
  cancel_url: string;
  expires_at: number;
  payment_intent: string | null;
  url: string | null;
  /** The line's name, for the Checkout page. */
  name: string;
}

export interface FakeStripe {
  url: string;
  sessions: Map<string, FakeSession>;
  refunds: { id: string; payment_intent: string; amount: number }[];
  /** Every call, method and path, in order. */
  calls: string[];
  /** The payer pays session `id` at Checkout; Stripe sends `checkout.session.completed` unless told not to. */
  pay: (id: string, options?: { webhook?: boolean }) => Promise<number | null>;
  /** The event `type` about session `id` as Stripe would send it: the body and its signature (under `secret`). */
  signedEvent: (id: string, type: string, secret?: string) => { body: string; signature: string };
  /** Stripe sends the event `type` about session `id`, signed, to the product it came from. */
  sendWebhook: (id: string, type: string) => Promise<number>;
  close: () => Promise<void>;
}

const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

/** Stripe's form encoding (`line_items[0][price_data][currency]=usd`) as nested objects. */
function parseForm(text: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const path = key.split(/\[|\]\[|\]/).filter(Boolean);
    let node = root;
    for (const part of path.slice(0, -1)) node = (node[part] ??= {}) as Record<string, unknown>;
    node[path.at(-1)!] = value;
  }
  return root;
}

/** `port` 0 picks a free one. */
export async function startFakeStripe(port = 0): Promise<FakeStripe> {
  const sessions = new Map<string, FakeSession>();
  const refunds: FakeStripe['refunds'] = [];
  const calls: string[] = [];
  const answered = new Map<string, unknown>();

  const send = (response: ServerResponse, status: number, body: unknown) => {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body));
  };
  const refuse = (response: ServerResponse, status: number, message: string) =>
    send(response, status, { error: { type: 'invalid_request_error', message } });
  const readBody = async (request: IncomingMessage) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  };
  const publicSession = ({ name: _name, ...session }: FakeSession) => session;

  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://fake');
    const path = url.pathname;
    calls.push(`${request.method} ${path}`);
    if (path === '/health') return send(response, 200, { ok: true });

    // The payer's side: the Checkout page and its button.
    const page = path.match(/^\/pay\/(cs_\w+)$/);
    if (page) {
      const session = sessions.get(page[1]!);
      if (!session) return refuse(response, 404, 'No such session');
      if (request.method === 'POST') {
        await fake.pay(session.id);
        response.writeHead(303, { location: session.success_url });
        return response.end();
      }
      const amount = new Intl.NumberFormat('en', { style: 'currency', currency: session.currency }).format(
        session.amount_total / 100,
      );
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      return response.end(`<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>Test Checkout</title></head>
<body style="font-family: sans-serif; max-width: 30rem; margin: 2rem auto; padding: 0 1rem">
<main><h1>Test Checkout</h1><p>${escapeHtml(session.name)}</p><p><strong>${amount}</strong></p>
${
  session.status === 'open'
    ? `<form method="post"><button type="submit" style="font-size: 1.1rem; padding: .6rem 1.4rem">Pay ${amount}</button></form>`
    : `<p>This checkout is ${session.status}.</p>`
}
<p><a href="${escapeHtml(session.cancel_url)}">Back</a></p></main></body></html>`);
    }

    // For tests that drive the product from outside (a browser): Stripe sends the event `type` about
    // the session of our payment `payment` (again), as it may. POST /test/resend?payment=…&type=…
    if (request.method === 'POST' && path === '/test/resend') {
      const payment = url.searchParams.get('payment');
      const session = [...sessions.values()].find((candidate) => payment && candidate.client_reference_id === payment);
      if (!session) return refuse(response, 404, 'No such session');
      const type = url.searchParams.get('type') ?? 'checkout.session.completed';
      return send(response, 200, { status: await fake.sendWebhook(session.id, type) });
    }
    if (request.headers.authorization !== `Bearer ${FAKE_STRIPE.secretKey}`) {
      return send(response, 401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
    }
    const body = parseForm(await readBody(request));
    const key = request.headers['idempotency-key'];
    const remembered = typeof key === 'string' ? answered.get(`${path} ${key}`) : undefined;
    if (remembered) return send(response, 200, remembered);
    const answer = (value: unknown) => {
      if (typeof key === 'string') answered.set(`${path} ${key}`, value);
      send(response, 200, value);
    };

    if (request.method === 'POST' && path === '/v1/checkout/sessions') {
      const items = Object.values((body.line_items ?? {}) as Record<string, Record<string, Record<string, unknown>>>);
      const line = items[0];
      const price = line?.price_data;
      if (!line || !price) return refuse(response, 400, 'line_items is required');
      const id = newId('cs_test');
      const session: FakeSession = {
        id,
        object: 'checkout.session',
        status: 'open',
        payment_status: 'unpaid',
        amount_total: Number(price.unit_amount) * Number(line.quantity ?? 1),
        currency: String(price.currency),
        client_reference_id: (body.client_reference_id as string | undefined) ?? null,
        metadata: (body.metadata ?? {}) as Record<string, string>,
        success_url: String(body.success_url),
        cancel_url: String(body.cancel_url ?? body.success_url),
        expires_at: Number(body.expires_at ?? Math.floor(Date.now() / 1000) + 86_400),
        payment_intent: null,
        url: `${fake.url}/pay/${id}`,
        name: String((price.product_data as Record<string, unknown> | undefined)?.name ?? ''),
      };
      sessions.set(id, session);
      return answer(publicSession(session));
    }
    const one = path.match(/^\/v1\/checkout\/sessions\/(cs_\w+)(\/expire)?$/);
    if (one) {
      const session = sessions.get(one[1]!);
      if (!session) return refuse(response, 404, `No such checkout.session: '${one[1]}'`);
      if (request.method === 'GET' && !one[2]) return send(response, 200, publicSession(session));
      if (request.method === 'POST' && one[2]) {
        if (session.status !== 'open') {
          return refuse(response, 400, 'Only Checkout Sessions with a status of open can be expired.');
        }
        session.status = 'expired';
        session.url = null;
        return answer(publicSession(session));
      }
    }
    if (request.method === 'POST' && path === '/v1/refunds') {
      const intent = String(body.payment_intent ?? '');
      const paid = [...sessions.values()].find((session) => session.payment_intent === intent);
      if (!paid) return refuse(response, 404, `No such payment_intent: '${intent}'`);
      const refunded = refunds
        .filter((refund) => refund.payment_intent === intent)
        .reduce((sum, r) => sum + r.amount, 0);
      const amount = body.amount === undefined ? paid.amount_total - refunded : Number(body.amount);
      if (amount <= 0 || refunded + amount > paid.amount_total) {
        return refuse(response, 400, 'Refund amount is greater than unrefunded amount on charge');
      }
      const refund = { id: newId('re'), payment_intent: intent, amount };
      refunds.push(refund);
      return answer({ ...refund, object: 'refund', status: 'succeeded', currency: paid.currency });
    }
    refuse(response, 404, `Unrecognized request URL (${request.method}: ${path})`);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));

  const fake: FakeStripe = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    sessions,
    refunds,
    calls,
    async pay(id, { webhook = true } = {}) {
      const session = sessions.get(id);
      if (!session) throw new Error(`no session ${id}`);
      if (session.status !== 'open') throw new Error(`session ${id} is ${session.status}`);
      session.status = 'complete';
      session.payment_status = 'paid';
      session.payment_intent = newId('pi');
      session.url = null;
      return webhook ? fake.sendWebhook(id, 'checkout.session.completed') : null;
    },
    signedEvent(id, type, secret = FAKE_STRIPE.webhookSecret) {
      const session = sessions.get(id);
      if (!session) throw new Error(`no session ${id}`);
      const body = JSON.stringify({
        id: newId('evt'),
        object: 'event',
        type,
        created: Math.floor(Date.now() / 1000),
        livemode: false,
        data: { object: publicSession(session) },
      });
      return { body, signature: Stripe.webhooks.generateTestHeaderString({ payload: body, secret }) };
    },
    async sendWebhook(id, type) {
      const { body, signature } = fake.signedEvent(id, type);
      const target = new URL('/api/payments/stripe/webhook', sessions.get(id)!.success_url);
      const response = await fetch(target, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
        body,
      });
      return response.status;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  return fake;
}
