import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAKE_QPAY_CLIENT, startFakeQPay, type FakeQPay } from '../../bench/fake-qpay.ts';
import { QPayClient, QPayError } from './qpay-client.ts';

describe("QPay's merchant API through our client (against the local fake)", () => {
  let qpay: FakeQPay;
  let client: QPayClient;

  beforeAll(async () => {
    qpay = await startFakeQPay();
    client = new QPayClient({ url: qpay.url, ...FAKE_QPAY_CLIENT });
  });
  afterAll(() => qpay.close());

  it('makes an invoice named by our payment id, in whole tögrög, and reads what was paid against it', async () => {
    const invoice = await client.createInvoice({
      paymentId: 'pay-1',
      amount: 15_000_000,
      description: 'Visa processing V-2026-00042',
      callbackUrl: 'http://127.0.0.1:1/api/payments/qpay/callback?token=t',
    });
    expect(invoice.qrText).not.toBe('');
    expect(invoice.bankLinks[0]?.link).toContain(invoice.invoiceId);
    expect(qpay.invoices.get(invoice.invoiceId)).toMatchObject({ senderInvoiceNo: 'pay-1', amount: 150_000 });

    expect(await client.checkInvoice(invoice.invoiceId)).toEqual([]);
    const paymentId = qpay.pay(invoice.invoiceId);
    expect(await client.checkInvoice(invoice.invoiceId)).toEqual([
      expect.objectContaining({ paymentId, status: 'PAID', amount: 15_000_000, currency: 'MNT' }),
    ]);

    await client.refund(paymentId, 'http://127.0.0.1:1/refund');
    expect((await client.checkInvoice(invoice.invoiceId))[0]?.status).toBe('REFUNDED');
  });

  it('keeps its token, and takes a new one when QPay stops taking it', async () => {
    const before = qpay.tokensIssued();
    const invoice = await client.createInvoice({
      paymentId: 'pay-2',
      amount: 100,
      description: 'x',
      callbackUrl: 'http://x',
    });
    await client.checkInvoice(invoice.invoiceId);
    expect(qpay.tokensIssued()).toBe(before);
    qpay.revokeTokens();
    await client.checkInvoice(invoice.invoiceId);
    expect(qpay.tokensIssued()).toBe(before + 1);
  });

  it('says what QPay refused without repeating a secret', async () => {
    const wrong = new QPayClient({ url: qpay.url, ...FAKE_QPAY_CLIENT, clientSecret: 'wrong-secret' });
    const refused = await wrong.checkInvoice('nothing').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(QPayError);
    expect(refused).toMatchObject({ status: 401, code: 'AUTHENTICATION_FAILED' });
    expect(String(refused)).not.toContain('wrong-secret');
    await expect(client.checkInvoice('no-such-invoice')).rejects.toMatchObject({ status: 404 });
  });
});
