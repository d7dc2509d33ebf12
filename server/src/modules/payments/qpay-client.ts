// A small typed client of QPay's merchant API v2 (issue 25; there is no maintained npm client):
// its token and refresh, invoices, the payment check and refunds, on fetch. QPay's amounts are
// whole tögrög; ours are minor units (decision 033), converted here and nowhere else.

/** What the product needs to talk to QPay (QPAY_* variables). */
export interface QPayConfig {
  /** The merchant API's base, `https://merchant.qpay.mn` in production. */
  url: string;
  clientId: string;
  clientSecret: string;
  /** The invoice template QPay gave the agency (QPAY_INVOICE_CODE). */
  invoiceCode: string;
}

interface TokenAnswer {
  access_token: string;
  refresh_token: string;
  /** Seconds from now, or the moment it ends in seconds since 1970 (QPay answers the latter). */
  expires_in: number;
  refresh_expires_in: number;
}

/** A bank app's link to the invoice, for a phone. */
export interface QPayBankLink {
  name: string;
  description: string;
  logo: string;
  link: string;
}

export interface QPayInvoice {
  invoiceId: string;
  /** What the QR code encodes. */
  qrText: string;
  shortUrl: string;
  bankLinks: QPayBankLink[];
}

/** One payment QPay holds against an invoice. */
export interface QPayPayment {
  paymentId: string;
  status: 'NEW' | 'FAILED' | 'PAID' | 'REFUNDED' | string;
  /** In minor units, converted from QPay's tögrög. */
  amount: number;
  currency: string;
  paidAt: string | null;
}

/** QPay refused or could not be reached; never carries a secret or a token. */
export class QPayError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
  ) {
    super(`QPay answered ${status} ${code}`);
  }
}

const toMinor = (togrog: number | string) => Math.round(Number(togrog) * 100);

export class QPayClient {
  private token: { access: string; refresh: string; until: number; refreshUntil: number } | null = null;

  constructor(
    private readonly config: QPayConfig,
    private readonly fetchFn: typeof fetch = fetch,
    private readonly now: () => number = Date.now,
  ) {}

  /** Creates the invoice for our payment `paymentId` (QPay's sender_invoice_no), `amount` in minor units. */
  async createInvoice(input: {
    paymentId: string;
    amount: number;
    description: string;
    callbackUrl: string;
  }): Promise<QPayInvoice> {
    const answer = await this.call<{
      invoice_id: string;
      qr_text: string;
      qPay_shortUrl?: string;
      urls?: QPayBankLink[];
    }>('POST', '/v2/invoice', {
      invoice_code: this.config.invoiceCode,
      sender_invoice_no: input.paymentId,
      invoice_receiver_code: 'terminal',
      invoice_description: input.description,
      amount: input.amount / 100,
      callback_url: input.callbackUrl,
    });
    return {
      invoiceId: answer.invoice_id,
      qrText: answer.qr_text,
      shortUrl: answer.qPay_shortUrl ?? '',
      bankLinks: answer.urls ?? [],
    };
  }

  /** The payments QPay holds against invoice `invoiceId`: the provider's word on whether it was paid. */
  async checkInvoice(invoiceId: string): Promise<QPayPayment[]> {
    const answer = await this.call<{
      rows?: {
        payment_id: string;
        payment_status: string;
        payment_amount: number | string;
        payment_currency?: string;
        payment_date?: string;
      }[];
    }>('POST', '/v2/payment/check', {
      object_type: 'INVOICE',
      object_id: invoiceId,
      offset: { page_number: 1, page_limit: 100 },
    });
    return (answer.rows ?? []).map((row) => ({
      paymentId: String(row.payment_id),
      status: row.payment_status,
      amount: toMinor(row.payment_amount),
      currency: row.payment_currency ?? 'MNT',
      paidAt: row.payment_date ?? null,
    }));
  }

  /** Cancels invoice `invoiceId`: no bank app can pay it any more. */
  async cancelInvoice(invoiceId: string): Promise<void> {
    await this.call('DELETE', `/v2/invoice/${encodeURIComponent(invoiceId)}`, undefined);
  }

  /** Refunds QPay's payment `qpayPaymentId` in full (QPay refunds whole payments). */
  async refund(qpayPaymentId: string, callbackUrl: string): Promise<void> {
    await this.call('DELETE', `/v2/payment/refund/${encodeURIComponent(qpayPaymentId)}`, {
      callback_url: callbackUrl,
    });
  }

  private async call<T>(method: string, path: string, body: unknown, retried = false): Promise<T> {
    const access = await this.accessToken();
    const response = await this.fetchFn(new URL(path, this.config.url), {
      method,
      headers: { authorization: `Bearer ${access}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(15_000),
    });
    // A token QPay no longer takes: once more with a new one.
    if (response.status === 401 && !retried) {
      this.token = null;
      return this.call(method, path, body, true);
    }
    return answerOf<T>(response);
  }

  private async accessToken(): Promise<string> {
    const now = this.now();
    if (this.token && this.token.until - 60_000 > now) return this.token.access;
    const refresh = this.token && this.token.refreshUntil - 60_000 > now ? this.token.refresh : null;
    const answer = refresh
      ? await this.tokenCall('/v2/auth/refresh', `Bearer ${refresh}`).catch(() => this.basicToken())
      : await this.basicToken();
    this.token = {
      access: answer.access_token,
      refresh: answer.refresh_token,
      until: endOf(answer.expires_in, now),
      refreshUntil: endOf(answer.refresh_expires_in, now),
    };
    return this.token.access;
  }

  private basicToken(): Promise<TokenAnswer> {
    const basic = Buffer.from(`${this.config.clientId}:${this.config.clientSecret}`).toString('base64');
    return this.tokenCall('/v2/auth/token', `Basic ${basic}`);
  }

  private async tokenCall(path: string, authorization: string): Promise<TokenAnswer> {
    const response = await this.fetchFn(new URL(path, this.config.url), {
      method: 'POST',
      headers: { authorization },
      signal: AbortSignal.timeout(15_000),
    });
    return answerOf<TokenAnswer>(response);
  }
}

/** A token's end in ms: QPay gives a moment in seconds since 1970; a plain duration is read as one too. */
function endOf(expiresIn: number, now: number): number {
  return expiresIn > 1_000_000_000 ? expiresIn * 1000 : now + expiresIn * 1000;
}

async function answerOf<T>(response: Response): Promise<T> {
  const text = await response.text();
  if (!response.ok) {
    let code = 'UNKNOWN';
    try {
      const parsed = JSON.parse(text) as { error?: unknown; message?: unknown };
      code = String(parsed.error ?? parsed.message ?? code).slice(0, 80);
    } catch {
      // Not JSON: the status says enough.
    }
    throw new QPayError(response.status, code);
  }
  return (text ? JSON.parse(text) : {}) as T;
}
