import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/**
 * A local HTTP server that speaks the part of Stripe's REST API our Stripe provider uses, so the
 * official `stripe` package talks to it over a real socket (host/port/protocol 'http'). It reads the
 * form-encoded bodies the package sends, answers Stripe-shaped JSON (cs_test_…, sub_…, si_…, in_…,
 * cus_… ids, lists, errors in Stripe's error shape, idempotent replays), keeps its state in memory and
 * records every request so a test can check what the provider asked for.
 *
 * Like Stripe, it sends webhooks: after an API change it posts the matching events to `webhookUrl`
 * (customer.subscription.updated, invoice.paid for an immediately invoiced proration), and the test
 * drives what a customer or time would do (completeCheckout, renewSubscription, failPayment,
 * endSubscription). Every delivery is signed with the package's own
 * `stripe.webhooks.generateTestHeaderString`, and the JSON is pretty-printed as Stripe sends it, so only
 * a receiver that checks the raw body accepts it.
 */

type Json = Record<string, any>;

export interface FakePrice {
  id: string;
  object: 'price';
  active: boolean;
  currency: string;
  unit_amount: number;
  recurring: { interval: 'month' | 'year'; interval_count: 1; usage_type: 'licensed' };
  type: 'recurring';
  product: string;
  lookup_key: string | null;
  nickname: string | null;
  metadata: Record<string, string>;
  created: number;
  livemode: false;
}

export interface RecordedRequest {
  method: string;
  path: string;
  /** The decoded form body (POST) or query (GET/DELETE), nested as Stripe reads it. */
  params: Json;
  /** The body exactly as received. */
  rawBody: string;
  headers: http.IncomingHttpHeaders;
  status: number;
}

export interface Delivery {
  eventId: string;
  type: string;
  status: number;
  body: string;
}

export interface FakeStripeOptions {
  /** The secret key the provider must present (Authorization: Bearer …). */
  apiKey: string;
  /** The endpoint secret webhooks are signed with (whsec_…). */
  webhookSecret: string;
  /** Where events are posted; can be set later, once the app listens. */
  webhookUrl?: string;
}

const CHECKOUT_EVENTS = ['checkout.session.completed', 'customer.subscription.created', 'invoice.paid'] as const;
export type CheckoutEventType = (typeof CHECKOUT_EVENTS)[number];

class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: { type: string; message: string; code?: string; param?: string; decline_code?: string },
  ) {
    super(body.message);
  }
}

const now = () => Math.floor(Date.now() / 1000);
const randomId = (prefix: string, length = 24) =>
  `${prefix}${crypto
    .randomBytes(length)
    .toString('base64url')
    .replace(/[-_]/g, '')
    .slice(0, length)
    .padEnd(length, '0')}`;

/** Stripe's own page adds a calendar interval: the same day of the next month or year (clamped to its end). */
function addInterval(seconds: number, interval: 'month' | 'year'): number {
  const d = new Date(seconds * 1000);
  const day = d.getUTCDate();
  const next = new Date(d);
  next.setUTCDate(1);
  if (interval === 'month') next.setUTCMonth(next.getUTCMonth() + 1);
  else next.setUTCFullYear(next.getUTCFullYear() + 1);
  const last = new Date(Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 0)).getUTCDate();
  next.setUTCDate(Math.min(day, last));
  return Math.floor(next.getTime() / 1000);
}

const money = (minor: number, currency: string) =>
  new Intl.NumberFormat('en-GB', { style: 'currency', currency: currency.toUpperCase() }).format(minor / 100);

/**
 * Decodes `a[b][0][c]=v&expand[0]=x` into nested objects and arrays, as Stripe's API reads the bodies
 * the package writes (indexed arrays, bracketed keys, empty string for null).
 */
export function decodeForm(text: string): Json {
  const root: Json = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const m = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(key);
    if (!m) throw new StripeApiError(400, { type: 'invalid_request_error', message: `Invalid parameter: ${key}` });
    const path = [m[1]!, ...[...m[2]!.matchAll(/\[([^[\]]*)\]/g)].map((s) => s[1]!)];
    let node = root;
    path.forEach((segment, i) => {
      if (i === path.length - 1) node[segment] = value;
      else node = node[segment] ??= {};
    });
  }
  const arrays = (v: unknown): unknown => {
    if (!v || typeof v !== 'object') return v;
    const entries = Object.entries(v as Json).map(([k, child]) => [k, arrays(child)] as const);
    if (entries.length && entries.every(([k]) => /^\d+$/.test(k)))
      return entries.sort((a, b) => Number(a[0]) - Number(b[0])).map(([, child]) => child);
    return Object.fromEntries(entries);
  };
  return arrays(root) as Json;
}

const invalid = (message: string, param?: string, code?: string) =>
  new StripeApiError(400, { type: 'invalid_request_error', message, ...(param && { param }), ...(code && { code }) });
const missing = (kind: string, id: string, param = 'id') =>
  new StripeApiError(404, {
    type: 'invalid_request_error',
    code: 'resource_missing',
    param,
    message: `No such ${kind}: '${id}'`,
  });

function onlyKnown(params: Json, allowed: readonly string[]): void {
  for (const key of Object.keys(params))
    if (!allowed.includes(key)) throw invalid(`Received unknown parameter: ${key}`, key, 'parameter_unknown');
}

function bool(value: unknown, param: string): boolean {
  if (value === 'true') return true;
  if (value === 'false') return false;
  throw invalid(`Invalid boolean: ${String(value)}`, param);
}

function nonNegativeInt(value: unknown, param: string): number {
  if (typeof value !== 'string' || !/^\d+$/.test(value)) throw invalid(`Invalid non-negative integer`, param);
  return Number(value);
}

const list = (data: unknown[], url: string) => ({
  object: 'list',
  data,
  has_more: false,
  total_count: data.length,
  url,
});

export class FakeStripeServer {
  readonly requests: RecordedRequest[] = [];
  readonly deliveries: Delivery[] = [];
  readonly events: Json[] = [];
  /** Deliver events by itself after API changes, as Stripe does (turn off to deliver by hand). */
  autoDeliver = true;
  webhookUrl: string | undefined;
  /** The next payment attempt is declined (card_error), then payments succeed again. */
  declineNextPayment = false;

  private readonly prices = new Map<string, FakePrice>();
  private readonly products = new Map<string, Json>();
  private readonly sessions = new Map<string, Json>();
  private readonly customers = new Map<string, Json>();
  private readonly subscriptions = new Map<string, Json>();
  private readonly invoices = new Map<string, Json>();
  private readonly idempotent = new Map<string, { status: number; body: string }>();
  private readonly inFlight = new Set<Promise<unknown>>();
  private readonly signer = new Stripe('sk_test_signer_only');
  private server!: http.Server;
  private base = '';

  private constructor(private readonly options: FakeStripeOptions) {
    this.webhookUrl = options.webhookUrl;
  }

  static async start(options: FakeStripeOptions): Promise<FakeStripeServer> {
    const fake = new FakeStripeServer(options);
    fake.server = http.createServer((req, res) => void fake.handle(req, res));
    await new Promise<void>((resolve) => fake.server.listen(0, '127.0.0.1', resolve));
    fake.base = `http://127.0.0.1:${(fake.server.address() as AddressInfo).port}`;
    return fake;
  }

  /** The API base to configure the provider with (STRIPE_API_BASE). */
  get url(): string {
    return this.base;
  }

  async close(): Promise<void> {
    await this.settled();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** Resolves once every webhook already on its way has been answered. */
  async settled(): Promise<void> {
    while (this.inFlight.size) await Promise.allSettled([...this.inFlight]);
  }

  // ------------------------------------------------------------------------------------------------
  // Catalogue, as made in Stripe's dashboard.

  addPrice(input: {
    unitAmount: number;
    interval: 'month' | 'year';
    productName: string;
    currency?: string;
    lookupKey?: string;
  }): FakePrice {
    let product = [...this.products.values()].find((p) => p.name === input.productName);
    if (!product) {
      product = { id: randomId('prod_', 14), object: 'product', name: input.productName, active: true, created: now() };
      this.products.set(product.id, product);
    }
    const price: FakePrice = {
      id: randomId('price_'),
      object: 'price',
      active: true,
      currency: input.currency ?? 'gbp',
      unit_amount: input.unitAmount,
      recurring: { interval: input.interval, interval_count: 1, usage_type: 'licensed' },
      type: 'recurring',
      product: product.id,
      lookup_key: input.lookupKey ?? null,
      nickname: null,
      metadata: {},
      created: now(),
      livemode: false,
    };
    this.prices.set(price.id, price);
    return price;
  }

  // ------------------------------------------------------------------------------------------------
  // What tests read.

  /** Requests the provider made, optionally to one method and path (a path ending in * matches its start). */
  requestsTo(method: string, path: string): RecordedRequest[] {
    const match = path.endsWith('*') ? (p: string) => p.startsWith(path.slice(0, -1)) : (p: string) => p === path;
    return this.requests.filter((r) => r.method === method && match(r.path));
  }

  session(id: string): Json | undefined {
    return this.sessions.get(id);
  }

  subscription(id: string): Json | undefined {
    return this.subscriptions.get(id);
  }

  invoice(id: string): Json | undefined {
    return this.invoices.get(id);
  }

  event(id: string): Json | undefined {
    return this.events.find((e) => e.id === id);
  }

  // ------------------------------------------------------------------------------------------------
  // What a customer, or time, does.

  /**
   * The customer pays on the checkout page: a customer, an active subscription and its first paid
   * invoice are made, and checkout.session.completed, customer.subscription.created and invoice.paid
   * are delivered, in that order unless another is given (Stripe does not promise one).
   */
  async completeCheckout(
    sessionId: string,
    order: readonly CheckoutEventType[] = CHECKOUT_EVENTS,
  ): Promise<{ session: Json; subscription: Json; invoice: Json; deliveries: Delivery[] }> {
    const session = this.sessions.get(sessionId);
    if (!session) throw new Error(`no checkout session ${sessionId}`);
    if (session.status !== 'open') throw new Error(`checkout session ${sessionId} is ${session.status}`);
    const created = now();
    const customer = {
      id: randomId('cus_', 14),
      object: 'customer',
      email: session.customer_email,
      invoice_prefix: crypto.randomBytes(4).toString('hex').toUpperCase(),
      next_invoice_sequence: 1,
      created,
      metadata: {},
      livemode: false,
    };
    this.customers.set(customer.id, customer);
    const subscription: Json = {
      id: randomId('sub_'),
      object: 'subscription',
      status: 'active',
      customer: customer.id,
      currency: session.currency,
      cancel_at_period_end: false,
      cancel_at: null,
      canceled_at: null,
      ended_at: null,
      created,
      start_date: created,
      billing_cycle_anchor: created,
      collection_method: 'charge_automatically',
      latest_invoice: null,
      metadata: { ...(session.subscription_data?.metadata ?? {}) },
      livemode: false,
      items: list([], ''),
    };
    subscription.items = list(
      session._line_items.map((li: { price: string; quantity: number }) =>
        this.newItem(subscription, this.prices.get(li.price)!, li.quantity, created),
      ),
      `/v1/subscription_items?subscription=${subscription.id}`,
    );
    this.subscriptions.set(subscription.id, subscription);
    const invoice = this.newInvoice(subscription, 'subscription_create', this.cycleLines(subscription));
    Object.assign(session, {
      status: 'complete',
      payment_status: 'paid',
      customer: customer.id,
      subscription: subscription.id,
      invoice: invoice.id,
      customer_details: { email: session.customer_email, name: null },
    });
    const objects: Record<CheckoutEventType, Json> = {
      'checkout.session.completed': session,
      'customer.subscription.created': subscription,
      'invoice.paid': invoice,
    };
    const events = CHECKOUT_EVENTS.map((type) => this.newEvent(type, objects[type]));
    const deliveries: Delivery[] = [];
    for (const type of order) deliveries.push(await this.deliver(events.find((e) => e.type === type)!));
    return {
      session: this.view(session),
      subscription: this.view(subscription),
      invoice: this.view(invoice),
      deliveries,
    };
  }

  /** The period ends and the subscription renews: the next period's invoice is paid (and a past-due one is active again). */
  async renewSubscription(subscriptionId: string): Promise<{ subscription: Json; invoice: Json }> {
    const sub = this.live(subscriptionId);
    const previous = this.periodOf(sub);
    for (const item of sub.items.data) {
      item.current_period_start = item.current_period_end;
      item.current_period_end = addInterval(item.current_period_end, item.price.recurring.interval);
    }
    const invoice = this.newInvoice(sub, 'subscription_cycle', this.cycleLines(sub));
    const status = sub.status;
    // A paid invoice settles a past-due subscription.
    sub.status = 'active';
    await this.deliver(this.newEvent('customer.subscription.updated', sub, { items: previous, status }));
    await this.deliver(this.newEvent('invoice.paid', invoice));
    return { subscription: this.view(sub), invoice: this.view(invoice) };
  }

  /** A renewal payment fails: the invoice stays open and the subscription is past due. */
  async failPayment(subscriptionId: string): Promise<{ subscription: Json; invoice: Json }> {
    const sub = this.live(subscriptionId);
    const invoice = this.newInvoice(sub, 'subscription_cycle', this.cycleLines(sub), 'open');
    const status = sub.status;
    sub.status = 'past_due';
    await this.deliver(this.newEvent('invoice.payment_failed', invoice));
    await this.deliver(this.newEvent('customer.subscription.updated', sub, { status }));
    return { subscription: this.view(sub), invoice: this.view(invoice) };
  }

  /** The subscription ends (its cancellation date came, or it was cancelled in the dashboard). */
  async endSubscription(subscriptionId: string): Promise<Json> {
    const sub = this.live(subscriptionId);
    Object.assign(sub, { status: 'canceled', ended_at: now(), canceled_at: sub.canceled_at ?? now() });
    await this.deliver(this.newEvent('customer.subscription.deleted', sub));
    return this.view(sub);
  }

  /** Stripe retries an event it already delivered: the same id and payload, freshly signed. */
  async redeliver(eventId: string): Promise<Delivery> {
    const event = this.event(eventId);
    if (!event) throw new Error(`no event ${eventId}`);
    return this.deliver(event);
  }

  /** Posts a body with the given Stripe-Signature header (or none) to the webhook URL, as it is. */
  async post(payload: string, signature: string | null, contentType = 'application/json; charset=utf-8') {
    if (!this.webhookUrl) throw new Error('no webhook URL');
    const res = await fetch(this.webhookUrl, {
      method: 'POST',
      headers: {
        'content-type': contentType,
        'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
        ...(signature !== null && { 'stripe-signature': signature }),
      },
      body: payload,
    });
    return { status: res.status, body: await res.text() };
  }

  /** A Stripe-Signature header for a payload, signed with a secret (the endpoint's unless given). */
  sign(payload: string, secret = this.options.webhookSecret, timestamp?: number): string {
    return this.signer.webhooks.generateTestHeaderString({ payload, secret, timestamp });
  }

  async deliver(event: Json): Promise<Delivery> {
    const payload = JSON.stringify(event, null, 2);
    const res = await this.post(payload, this.sign(payload));
    const delivery = { eventId: event.id, type: event.type, ...res };
    this.deliveries.push(delivery);
    return delivery;
  }

  // ------------------------------------------------------------------------------------------------
  // The REST API.

  private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const rawBody = Buffer.concat(chunks).toString('utf8');
    const url = new URL(req.url ?? '/', this.base);
    const method = req.method ?? 'GET';
    const record: RecordedRequest = {
      method,
      path: url.pathname,
      params: {},
      rawBody,
      headers: req.headers,
      status: 0,
    };
    this.requests.push(record);
    const requestId = randomId('req_', 14);
    const send = (status: number, body: string, type = 'application/json') => {
      record.status = status;
      res.writeHead(status, {
        'content-type': type,
        'request-id': requestId,
        ...(req.headers['stripe-version'] && { 'stripe-version': req.headers['stripe-version'] }),
      });
      res.end(body);
    };
    try {
      if (url.pathname.startsWith('/c/pay/') || url.pathname.startsWith('/i/')) {
        const page = await this.page(method, url, rawBody);
        if ('redirect' in page) {
          record.status = 303;
          res.writeHead(303, { location: page.redirect });
          return void res.end();
        }
        return send(page.status, page.html, 'text/html; charset=utf-8');
      }
      if (req.headers.authorization !== `Bearer ${this.options.apiKey}`)
        throw new StripeApiError(401, {
          type: 'invalid_request_error',
          message: `Invalid API Key provided: ${String(req.headers.authorization ?? '').slice(7, 15)}***`,
        });
      const key = req.headers['idempotency-key'];
      const replayKey = typeof key === 'string' && method === 'POST' ? `${url.pathname}|${key}` : undefined;
      const replay = replayKey ? this.idempotent.get(replayKey) : undefined;
      if (replay) {
        res.setHeader('idempotent-replayed', 'true');
        return send(replay.status, replay.body);
      }
      record.params = decodeForm(method === 'POST' ? rawBody : url.search.slice(1));
      const after: Json[] = [];
      const result = this.route(method, url.pathname, record.params, after);
      const body = JSON.stringify(result, null, 2);
      if (replayKey) this.idempotent.set(replayKey, { status: 200, body });
      send(200, body);
      // Like Stripe, events follow the change that caused them, after the answer.
      if (after.length && this.autoDeliver)
        this.track(
          (async () => {
            for (const event of after) await this.deliver(event);
          })(),
        );
    } catch (err) {
      if (!(err instanceof StripeApiError)) {
        send(500, JSON.stringify({ error: { type: 'api_error', message: String(err) } }));
        return;
      }
      const body = JSON.stringify({ error: { ...err.body, request_log_url: `${this.base}/logs/${requestId}` } });
      send(err.status, body);
    }
  }

  private track(p: Promise<unknown>): void {
    const tracked = p.catch(() => undefined).finally(() => this.inFlight.delete(tracked));
    this.inFlight.add(tracked);
  }

  private route(method: string, path: string, params: Json, after: Json[]): Json {
    let m: RegExpExecArray | null;
    if (method === 'POST' && path === '/v1/checkout/sessions') return this.createSession(params);
    if ((m = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path)) && method === 'GET')
      return this.view(this.find(this.sessions, 'checkout.session', m[1]!));
    if ((m = /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/.exec(path)) && method === 'POST') {
      const session = this.find(this.sessions, 'checkout.session', m[1]!);
      if (session.status !== 'open')
        throw invalid(
          `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${session.status}".`,
        );
      session.status = 'expired';
      after.push(this.newEvent('checkout.session.expired', session));
      return this.view(session);
    }
    if ((m = /^\/v1\/subscriptions\/([^/]+)$/.exec(path))) {
      const sub = this.find(this.subscriptions, 'subscription', m[1]!);
      if (method === 'GET') return this.expand(sub, params);
      if (method === 'POST') return this.updateSubscription(sub, params, after);
      if (method === 'DELETE') {
        if (sub.status === 'canceled') throw invalid(`No such subscription: '${sub.id}'`, 'id', 'resource_missing');
        Object.assign(sub, { status: 'canceled', ended_at: now(), canceled_at: now() });
        after.push(this.newEvent('customer.subscription.deleted', sub));
        return this.view(sub);
      }
    }
    if ((m = /^\/v1\/invoices\/([^/]+)$/.exec(path)) && method === 'GET')
      return this.view(this.find(this.invoices, 'invoice', m[1]!));
    if ((m = /^\/v1\/invoices\/([^/]+)\/lines$/.exec(path)) && method === 'GET')
      return this.find(this.invoices, 'invoice', m[1]!).lines;
    if ((m = /^\/v1\/customers\/([^/]+)$/.exec(path)) && method === 'GET')
      return this.view(this.find(this.customers, 'customer', m[1]!));
    if ((m = /^\/v1\/prices\/([^/]+)$/.exec(path)) && method === 'GET')
      return this.find(this.prices as Map<string, Json>, 'price', m[1]!);
    if ((m = /^\/v1\/events\/([^/]+)$/.exec(path)) && method === 'GET') {
      const event = this.event(m[1]!);
      if (!event) throw missing('event', m[1]!);
      return event;
    }
    throw new StripeApiError(404, {
      type: 'invalid_request_error',
      message: `Unrecognized request URL (${method}: ${path}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`,
    });
  }

  private createSession(params: Json): Json {
    onlyKnown(params, [
      'mode',
      'line_items',
      'client_reference_id',
      'customer_email',
      'customer',
      'metadata',
      'subscription_data',
      'success_url',
      'cancel_url',
      'allow_promotion_codes',
      'billing_address_collection',
      'expand',
    ]);
    if (!params.mode) throw invalid('Missing required param: mode.', 'mode', 'parameter_missing');
    if (!['payment', 'subscription', 'setup'].includes(params.mode)) throw invalid('Invalid mode', 'mode');
    const items = params.line_items;
    if (!Array.isArray(items) || !items.length)
      throw invalid('`line_items` is required in `subscription` mode.', 'line_items', 'parameter_missing');
    const lineItems = items.map((li: Json, i: number) => {
      const price = this.prices.get(li.price);
      if (!price) throw missing('price', String(li.price), `line_items[${i}][price]`);
      return {
        price: price.id,
        quantity: li.quantity === undefined ? 1 : nonNegativeInt(li.quantity, `line_items[${i}][quantity]`),
      };
    });
    const recurring = lineItems.map((li) => this.prices.get(li.price)!);
    if (params.mode === 'subscription' && !recurring.length)
      throw invalid('You must provide at least one recurring price in `subscription` mode when using prices.');
    for (const field of ['success_url', 'cancel_url'])
      if (params[field] !== undefined && !/^https?:\/\/\S+$/.test(params[field]))
        throw invalid('Not a valid URL', field, 'url_invalid');
    if (params.customer_email !== undefined && !/^[^@\s]+@[^@\s]+$/.test(params.customer_email))
      throw invalid('Invalid email address: ' + params.customer_email, 'customer_email', 'email_invalid');
    if (params.client_reference_id !== undefined && String(params.client_reference_id).length > 200)
      throw invalid('client_reference_id must be at most 200 characters', 'client_reference_id');
    const id = randomId('cs_test_', 58);
    const created = now();
    const session: Json = {
      id,
      object: 'checkout.session',
      mode: params.mode,
      status: 'open',
      payment_status: 'unpaid',
      client_reference_id: params.client_reference_id ?? null,
      customer: params.customer ?? null,
      customer_email: params.customer_email ?? null,
      customer_details: null,
      metadata: params.metadata ?? {},
      subscription_data: params.subscription_data,
      success_url: params.success_url ?? null,
      cancel_url: params.cancel_url ?? null,
      currency: recurring[0]!.currency,
      amount_subtotal: lineItems.reduce((s, li) => s + this.prices.get(li.price)!.unit_amount * li.quantity, 0),
      amount_total: lineItems.reduce((s, li) => s + this.prices.get(li.price)!.unit_amount * li.quantity, 0),
      subscription: null,
      invoice: null,
      payment_intent: null,
      created,
      expires_at: created + 24 * 3600,
      livemode: false,
      ui_mode: 'hosted',
      url: `${this.base}/c/pay/${id}`,
      _line_items: lineItems,
    };
    this.sessions.set(id, session);
    return this.view(session);
  }

  private updateSubscription(sub: Json, params: Json, after: Json[]): Json {
    onlyKnown(params, [
      'items',
      'cancel_at_period_end',
      'cancel_at',
      'proration_behavior',
      'payment_behavior',
      'metadata',
      'expand',
    ]);
    if (sub.status === 'canceled')
      throw invalid(
        'A canceled subscription can only update its cancellation_details, metadata and description.',
        undefined,
        'resource_missing',
      );
    const previous: Json = {};
    const at = now();
    const prorations: Json[] = [];
    let invoiced = false;
    if (params.items !== undefined) {
      if (!Array.isArray(params.items)) throw invalid('Invalid array', 'items');
      const items: Json[] = sub.items.data.map((i: Json) => ({ ...i }));
      params.items.forEach((change: Json, i: number) => {
        const param = `items[${i}]`;
        onlyKnown(change, ['id', 'price', 'quantity', 'deleted', 'metadata']);
        const existing = change.id ? items.find((it) => it.id === change.id) : undefined;
        if (change.id && !existing) throw missing('subscription item', change.id, `${param}[id]`);
        if (existing && change.deleted !== undefined && bool(change.deleted, `${param}[deleted]`)) {
          prorations.push(...this.proration(sub, existing, existing.quantity, 0, at));
          items.splice(items.indexOf(existing), 1);
          return;
        }
        const priceId = change.price ?? existing?.price.id;
        const price = this.prices.get(priceId);
        if (!price) throw missing('price', String(change.price), `${param}[price]`);
        const interval = sub.items.data[0]?.price.recurring.interval;
        if (price.recurring.interval !== interval || price.currency !== sub.currency)
          throw invalid(
            'Currency and interval fields must match across all plans on this subscription.',
            `${param}[price]`,
          );
        const quantity =
          change.quantity === undefined
            ? (existing?.quantity ?? 1)
            : nonNegativeInt(change.quantity, `${param}[quantity]`);
        if (existing) {
          prorations.push(...this.proration(sub, existing, existing.quantity, quantity, at));
          existing.quantity = quantity;
          existing.price = price;
          return;
        }
        if (items.some((it) => it.price.id === price.id))
          throw invalid(`Cannot add multiple subscription items with the same plan: ${price.id}`, `${param}[price]`);
        const item = this.newItem(sub, price, quantity, at);
        Object.assign(item, {
          current_period_start: sub.items.data[0].current_period_start,
          current_period_end: sub.items.data[0].current_period_end,
        });
        prorations.push(...this.proration(sub, item, 0, quantity, at));
        items.push(item);
      });
      if (!items.length) throw invalid('A subscription must have at least one active plan.', 'items');
      const behaviour = params.proration_behavior ?? 'create_prorations';
      if (!['always_invoice', 'create_prorations', 'none'].includes(behaviour))
        throw invalid('Invalid proration_behavior', 'proration_behavior');
      const charged = prorations.reduce((s, l) => s + l.amount, 0);
      if (behaviour === 'always_invoice' && charged > 0 && this.declineNextPayment) {
        this.declineNextPayment = false;
        if (params.payment_behavior === 'error_if_incomplete')
          throw new StripeApiError(402, {
            type: 'card_error',
            code: 'card_declined',
            decline_code: 'generic_decline',
            message: 'Your card was declined.',
          });
      }
      previous.items = list(
        sub.items.data.map((it: Json) => ({ ...it })),
        sub.items.url,
      );
      sub.items = list(items, sub.items.url);
      invoiced = behaviour === 'always_invoice' && prorations.length > 0;
    }
    if (params.cancel_at_period_end !== undefined) {
      const cancel = bool(params.cancel_at_period_end, 'cancel_at_period_end');
      previous.cancel_at_period_end = sub.cancel_at_period_end;
      previous.cancel_at = sub.cancel_at;
      sub.cancel_at_period_end = cancel;
      sub.cancel_at = cancel ? Math.max(...sub.items.data.map((i: Json) => i.current_period_end)) : null;
      sub.canceled_at = cancel ? now() : null;
    }
    if (params.cancel_at !== undefined) {
      previous.cancel_at = sub.cancel_at;
      sub.cancel_at = params.cancel_at === '' ? null : Number(params.cancel_at);
      if (sub.cancel_at === null) sub.cancel_at_period_end = false;
    }
    if (params.metadata !== undefined) {
      previous.metadata = sub.metadata;
      sub.metadata = { ...sub.metadata, ...params.metadata };
    }
    // The events to deliver: the update, then the invoice an immediate proration makes.
    after.push(this.newEvent('customer.subscription.updated', sub, previous));
    if (invoiced) after.push(this.newEvent('invoice.paid', this.newInvoice(sub, 'subscription_update', prorations)));
    return this.expand(sub, params);
  }

  /** Stripe's proration for a quantity change: the remaining share of the period, per unit. */
  private proration(sub: Json, item: Json, from: number, to: number, at: number): Json[] {
    if (from === to) return [];
    const start = item.current_period_start ?? sub.items.data[0].current_period_start;
    const end = item.current_period_end ?? sub.items.data[0].current_period_end;
    const share = Math.max(0, end - at) / Math.max(1, end - start);
    const price: FakePrice = item.price;
    const name = this.products.get(price.product)?.name ?? price.id;
    const date = new Date(at * 1000).toLocaleDateString('en-GB', {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      timeZone: 'UTC',
    });
    const lines: Json[] = [];
    if (from > 0)
      lines.push(
        this.line(
          sub,
          item,
          -Math.round(price.unit_amount * from * share),
          from,
          `Unused time on ${from} × ${name} after ${date}`,
          at,
          end,
          true,
        ),
      );
    if (to > 0)
      lines.push(
        this.line(
          sub,
          item,
          Math.round(price.unit_amount * to * share),
          to,
          `Remaining time on ${to} × ${name} after ${date}`,
          at,
          end,
          true,
        ),
      );
    return lines;
  }

  private cycleLines(sub: Json): Json[] {
    return sub.items.data
      .filter((item: Json) => item.quantity > 0)
      .map((item: Json) => {
        const price: FakePrice = item.price;
        const name = this.products.get(price.product)?.name ?? price.id;
        const each = `${money(price.unit_amount, price.currency)} / ${price.recurring.interval}`;
        return this.line(
          sub,
          item,
          price.unit_amount * item.quantity,
          item.quantity,
          `${item.quantity} × ${name} (at ${each})`,
          item.current_period_start,
          item.current_period_end,
          false,
        );
      });
  }

  private line(
    sub: Json,
    item: Json,
    amount: number,
    quantity: number,
    description: string,
    start: number,
    end: number,
    proration: boolean,
  ): Json {
    return {
      id: randomId('il_tmp_', 14),
      object: 'line_item',
      amount,
      currency: sub.currency,
      description,
      quantity,
      period: { start, end },
      pricing: {
        type: 'price_details',
        price_details: { price: item.price.id, product: item.price.product },
        unit_amount_decimal: String(item.price.unit_amount),
      },
      parent: {
        type: 'subscription_item_details',
        subscription_item_details: { subscription: sub.id, subscription_item: item.id, proration, invoice_item: null },
      },
      subscription: sub.id,
      discountable: true,
      discounts: [],
      metadata: {},
      livemode: false,
    };
  }

  private newItem(sub: Json, price: FakePrice, quantity: number, start: number): Json {
    return {
      id: randomId('si_', 14),
      object: 'subscription_item',
      created: start,
      current_period_start: start,
      current_period_end: addInterval(start, price.recurring.interval),
      metadata: {},
      price,
      quantity,
      subscription: sub.id,
    };
  }

  private newInvoice(sub: Json, reason: string, lines: Json[], status: 'paid' | 'open' = 'paid'): Json {
    const customer = this.customers.get(sub.customer)!;
    const id = randomId('in_');
    const total = lines.reduce((s, l) => s + l.amount, 0);
    const created = now();
    for (const l of lines) {
      l.id = randomId('il_', 24);
      l.invoice = id;
    }
    const invoice: Json = {
      id,
      object: 'invoice',
      number: `${customer.invoice_prefix}-${String(customer.next_invoice_sequence++).padStart(4, '0')}`,
      status,
      billing_reason: reason,
      collection_method: 'charge_automatically',
      currency: sub.currency,
      customer: customer.id,
      customer_email: customer.email,
      created,
      period_start: Math.min(...lines.map((l) => l.period.start)),
      period_end: Math.max(...lines.map((l) => l.period.end)),
      subtotal: total,
      total,
      amount_due: Math.max(0, total),
      amount_paid: status === 'paid' ? Math.max(0, total) : 0,
      amount_remaining: status === 'paid' ? 0 : Math.max(0, total),
      attempted: true,
      attempt_count: 1,
      hosted_invoice_url: `${this.base}/i/${id}`,
      invoice_pdf: `${this.base}/i/${id}/pdf`,
      parent: {
        type: 'subscription_details',
        quote_details: null,
        subscription_details: { subscription: sub.id, metadata: sub.metadata },
      },
      lines: list(lines, `/v1/invoices/${id}/lines`),
      status_transitions: { paid_at: status === 'paid' ? created : null, finalized_at: created },
      metadata: {},
      livemode: false,
    };
    this.invoices.set(id, invoice);
    sub.latest_invoice = id;
    return invoice;
  }

  private newEvent(type: string, object: Json, previous?: Json): Json {
    const event = {
      id: randomId('evt_'),
      object: 'event',
      api_version: Stripe.API_VERSION,
      created: now(),
      data: { object: structuredClone(this.view(object)), ...(previous && { previous_attributes: previous }) },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    };
    this.events.push(event);
    return event;
  }

  private find(map: Map<string, Json>, kind: string, id: string): Json {
    const found = map.get(id);
    if (!found) throw missing(kind, id);
    return found;
  }

  private live(subscriptionId: string): Json {
    const sub = this.subscriptions.get(subscriptionId);
    if (!sub || sub.status === 'canceled') throw new Error(`no live subscription ${subscriptionId}`);
    return sub;
  }

  private periodOf(sub: Json): Json {
    return list(
      sub.items.data.map((i: Json) => ({ ...i })),
      sub.items.url,
    );
  }

  /** An object as the API shows it: without the fake's own bookkeeping fields. */
  private view(object: Json): Json {
    return Object.fromEntries(Object.entries(object).filter(([k]) => !k.startsWith('_') && k !== 'subscription_data'));
  }

  /** `expand[]` of latest_invoice and customer, the two a subscription reader asks for. */
  private expand(sub: Json, params: Json): Json {
    const out = this.view(sub);
    const expand: string[] = Array.isArray(params.expand) ? params.expand : [];
    if (expand.includes('latest_invoice') && sub.latest_invoice)
      out.latest_invoice = this.view(this.invoices.get(sub.latest_invoice)!);
    if (expand.includes('customer')) out.customer = this.view(this.customers.get(sub.customer)!);
    return out;
  }

  // ------------------------------------------------------------------------------------------------
  // The hosted pages (checkout.stripe.com and invoice.stripe.com stand-ins), for a person or a browser.

  private async page(
    method: string,
    url: URL,
    rawBody: string,
  ): Promise<{ status: number; html: string } | { redirect: string }> {
    const escape = (s: unknown) => String(s).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
    const doc = (title: string, body: string) =>
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escape(title)}</title></head><body>${body}</body></html>`;
    let m: RegExpExecArray | null;
    if ((m = /^\/c\/pay\/([^/]+)$/.exec(url.pathname))) {
      const session = this.sessions.get(m[1]!);
      if (!session) return { status: 404, html: doc('Not found', '<h1>This checkout page does not exist.</h1>') };
      if (method === 'POST') {
        const action = new URLSearchParams(rawBody).get('action');
        if (action === 'cancel' || session.status !== 'open') return { redirect: session.cancel_url ?? this.base };
        await this.completeCheckout(session.id);
        return { redirect: String(session.success_url ?? this.base).replace('{CHECKOUT_SESSION_ID}', session.id) };
      }
      const lines = session._line_items
        .map((li: { price: string; quantity: number }) => {
          const price = this.prices.get(li.price)!;
          const name = this.products.get(price.product)?.name ?? price.id;
          return `<li>${escape(name)}: ${escape(money(price.unit_amount * li.quantity, price.currency))} per ${escape(price.recurring.interval)}</li>`;
        })
        .join('');
      return {
        status: 200,
        html: doc(
          'Checkout',
          `<h1>Subscribe</h1><p>${escape(session.customer_email ?? '')}</p><ul>${lines}</ul>` +
            `<form method="post"><button name="action" value="pay">Subscribe</button> <button name="action" value="cancel">Back</button></form>`,
        ),
      };
    }
    if ((m = /^\/i\/([^/]+)$/.exec(url.pathname))) {
      const invoice = this.invoices.get(m[1]!);
      if (!invoice) return { status: 404, html: doc('Not found', '<h1>This invoice does not exist.</h1>') };
      const rows = invoice.lines.data
        .map(
          (l: Json) =>
            `<tr><td>${escape(l.description)}</td><td>${escape(money(l.amount, invoice.currency))}</td></tr>`,
        )
        .join('');
      return {
        status: 200,
        html: doc(
          `Invoice ${invoice.number}`,
          `<h1>Invoice ${escape(invoice.number)}</h1><p>${escape(invoice.status)}</p><table>${rows}</table><p>Total ${escape(money(invoice.total, invoice.currency))}</p>`,
        ),
      };
    }
    return { status: 404, html: doc('Not found', '<h1>Not found</h1>') };
  }
}
