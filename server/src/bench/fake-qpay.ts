// A local stand-in for QPay's merchant API v2 (issue 25), as the local OpenID provider stands in
// for Google: tokens (Basic, refresh), invoices, the payment check and refunds, and what a payer
// does at their bank (`pay`) and QPay's callback after it (`sendCallback`). Amounts are whole
// tögrög, as QPay's are.
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export const FAKE_QPAY_CLIENT = {
  clientId: 'AYLAL_TEST',
  clientSecret: 'fake-qpay-secret',
  invoiceCode: 'AYLAL_INVOICE',
};

/** The product's configuration that points it at the fake QPay answering at `url`. */
export const fakeQPayConfig = (url: string) => ({
  QPAY_URL: url,
  QPAY_CLIENT_ID: FAKE_QPAY_CLIENT.clientId,
  QPAY_CLIENT_SECRET: FAKE_QPAY_CLIENT.clientSecret,
  QPAY_INVOICE_CODE: FAKE_QPAY_CLIENT.invoiceCode,
});

interface FakeInvoice {
  id: string;
  senderInvoiceNo: string;
  description: string;
  amount: number;
  callbackUrl: string;
  cancelled: boolean;
  payments: { payment_id: string; payment_status: string; payment_amount: number; payment_date: string }[];
}

export interface FakeQPay {
  url: string;
  invoices: Map<string, FakeInvoice>;
  /** Every call, method and path, in order. */
  calls: string[];
  /** Tokens issued so far. */
  tokensIssued: () => number;
  /** Makes every access token QPay gave refused from now on (as after its expiry). */
  revokeTokens: () => void;
  /** The payer pays `amount` tögrög (the invoice's by default) against the invoice: QPay's payment id. */
  pay: (invoiceId: string, amount?: number) => string;
  /** QPay calls the invoice's callback URL, as it does after a payment; answers its status. */
  sendCallback: (invoiceId: string) => Promise<number>;
  close: () => Promise<void>;
}

/** `port` 0 picks a free one. */
export async function startFakeQPay(port = 0): Promise<FakeQPay> {
  const invoices = new Map<string, FakeInvoice>();
  const calls: string[] = [];
  const access = new Set<string>();
  const refresh = new Set<string>();
  let issued = 0;

  const send = (response: ServerResponse, status: number, body: unknown) => {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body));
  };
  const issue = (response: ServerResponse) => {
    issued += 1;
    const token = { access: randomUUID(), refresh: randomUUID() };
    access.add(token.access);
    refresh.add(token.refresh);
    const now = Math.floor(Date.now() / 1000);
    send(response, 200, {
      token_type: 'bearer',
      access_token: token.access,
      refresh_token: token.refresh,
      expires_in: now + 86_400,
      refresh_expires_in: now + 172_800,
    });
  };
  const readBody = async (request: IncomingMessage) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    return (text ? JSON.parse(text) : {}) as Record<string, unknown>;
  };

  const server = createServer(async (request, response) => {
    const path = new URL(request.url ?? '/', 'http://fake').pathname;
    calls.push(`${request.method} ${path}`);
    const authorization = request.headers.authorization ?? '';
    const bearer = authorization.startsWith('Bearer ') ? authorization.slice(7) : '';

    if (request.method === 'POST' && path === '/v2/auth/token') {
      const basic = Buffer.from(`${FAKE_QPAY_CLIENT.clientId}:${FAKE_QPAY_CLIENT.clientSecret}`).toString('base64');
      return authorization === `Basic ${basic}`
        ? issue(response)
        : send(response, 401, { error: 'AUTHENTICATION_FAILED' });
    }
    if (request.method === 'POST' && path === '/v2/auth/refresh') {
      return refresh.has(bearer) ? issue(response) : send(response, 401, { error: 'INVALID_REFRESH_TOKEN' });
    }
    if (path === '/health') return send(response, 200, { ok: true });
    // The payer at their bank, for tests that drive the product from outside (a browser):
    // POST /test/pay?description=… pays in full the newest invoice whose description has that text
    // (an application's reference), and QPay calls back; `amount=` pays that many tögrög instead,
    // `callback=0` loses the callback on the way.
    if (request.method === 'POST' && path === '/test/pay') {
      const query = new URL(request.url ?? '/', 'http://fake').searchParams;
      const text = query.get('description') ?? '';
      const invoice = [...invoices.values()]
        .reverse()
        .find((candidate) => !candidate.cancelled && candidate.description.includes(text));
      if (!text || !invoice) return send(response, 404, { error: 'INVOICE_NOTFOUND' });
      fake.pay(invoice.id, query.has('amount') ? Number(query.get('amount')) : undefined);
      const lost = query.get('callback') === '0';
      return send(response, 200, { callback: lost ? null : await fake.sendCallback(invoice.id) });
    }
    if (!access.has(bearer)) return send(response, 401, { error: 'NO_CREDENTIALS' });
    const body = await readBody(request);

    if (request.method === 'POST' && path === '/v2/invoice') {
      if (body.invoice_code !== FAKE_QPAY_CLIENT.invoiceCode)
        return send(response, 400, { error: 'INVOICE_CODE_INVALID' });
      const id = randomUUID();
      invoices.set(id, {
        id,
        senderInvoiceNo: String(body.sender_invoice_no),
        description: String(body.invoice_description ?? ''),
        amount: Number(body.amount),
        callbackUrl: String(body.callback_url),
        cancelled: false,
        payments: [],
      });
      return send(response, 200, {
        invoice_id: id,
        qr_text: `0002010102121531279404962794049600022310027138152045734530349654031005802MN5904TEST6011Ulaanbaatar62${id}`,
        qr_image: '',
        qPay_shortUrl: `https://s.qpay.mn/${id.slice(0, 8)}`,
        urls: [
          {
            name: 'Khan bank',
            description: 'Хаан банк',
            logo: 'https://qpay.mn/q/logo/khanbank.png',
            link: `khanbank://q?qPay_QRcode=${id}`,
          },
        ],
      });
    }
    if (request.method === 'POST' && path === '/v2/payment/check') {
      const invoice = invoices.get(String(body.object_id));
      if (!invoice) return send(response, 404, { error: 'INVOICE_NOTFOUND' });
      const paid = invoice.payments.filter((payment) => payment.payment_status === 'PAID');
      return send(response, 200, {
        count: invoice.payments.length,
        paid_amount: paid.reduce((sum, payment) => sum + payment.payment_amount, 0),
        rows: invoice.payments.map((payment) => ({ ...payment, payment_currency: 'MNT' })),
      });
    }
    const cancel = path.match(/^\/v2\/invoice\/(.+)$/);
    if (request.method === 'DELETE' && cancel) {
      const invoice = invoices.get(cancel[1]!);
      if (!invoice || invoice.payments.length > 0) return send(response, 404, { error: 'INVOICE_NOTFOUND' });
      invoice.cancelled = true;
      return send(response, 200, {});
    }
    const refund = path.match(/^\/v2\/payment\/refund\/(.+)$/);
    if (request.method === 'DELETE' && refund) {
      const payment = [...invoices.values()]
        .flatMap((invoice) => invoice.payments)
        .find((row) => row.payment_id === refund[1]);
      if (!payment || payment.payment_status !== 'PAID') return send(response, 404, { error: 'PAYMENT_NOTFOUND' });
      payment.payment_status = 'REFUNDED';
      return send(response, 200, {});
    }
    send(response, 404, { error: 'NOT_FOUND' });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const fake: FakeQPay = {
    url,
    invoices,
    calls,
    tokensIssued: () => issued,
    revokeTokens: () => access.clear(),
    pay(invoiceId, amount) {
      const invoice = invoices.get(invoiceId);
      if (!invoice) throw new Error(`no invoice ${invoiceId}`);
      if (invoice.cancelled) throw new Error(`invoice ${invoiceId} was cancelled`);
      const paymentId = String(100_000_000 + invoices.size * 1000 + invoice.payments.length);
      invoice.payments.push({
        payment_id: paymentId,
        payment_status: 'PAID',
        payment_amount: amount ?? invoice.amount,
        payment_date: new Date().toISOString(),
      });
      return paymentId;
    },
    async sendCallback(invoiceId) {
      const invoice = invoices.get(invoiceId);
      if (!invoice) throw new Error(`no invoice ${invoiceId}`);
      return (await fetch(invoice.callbackUrl)).status;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  return fake;
}
