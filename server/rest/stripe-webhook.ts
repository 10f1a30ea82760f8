import type { FastifyInstance } from 'fastify';
import Stripe from 'stripe';
import type { Core } from '../core.js';
import { AppError } from '../errors.js';
import { type ApplyOutcome, applyBillingEvent } from '../commands/billing/apply-billing-event.js';
import { cataloguePrices, STRIPE_EVENT_TYPES, translateStripeEvent } from '../services/billing/stripe-events.js';
import { createStripeClient } from '../services/billing/stripe-provider.js';
import type { RouteDoc } from './route.js';

export const STRIPE_WEBHOOK_MESSAGES = {
  missingSignature: 'The Stripe-Signature header is missing.',
  badSignature: 'The Stripe signature does not match this request body.',
  notAnEvent: 'The request body is not a Stripe event.',
  unreachable: 'Stripe could not be reached to read the event’s objects; deliver it again later.',
} as const;

const doc: RouteDoc = {
  summary: 'Receives Stripe’s webhook events (when billing goes through Stripe).',
  description:
    'Stripe posts events here; the body is read as it was sent and its Stripe-Signature header checked ' +
    'against the endpoint secret (STRIPE_WEBHOOK_SECRET): a missing or wrong signature answers 400 and ' +
    `changes nothing. Handled: ${STRIPE_EVENT_TYPES.join(', ')}; any other event is acknowledged and ignored. ` +
    'An event delivered again (same id) is acknowledged without being applied twice. Not found when ' +
    'billing does not go through Stripe.',
  auth: 'none',
  inputIn: 'body',
  status: 200,
  // 404 when billing does not go through Stripe; 503 when Stripe cannot be reached (Stripe delivers again).
  statuses: [404, 503],
};

/**
 * POST /billing/stripe/webhook/. Its own scope reads every body as bytes (the signature covers them
 * exactly as sent: JSON parsed and written again would not match), so the API's JSON parser never runs
 * here. The signature header is never logged (services/log-redaction.ts).
 */
export function stripeWebhookRoutes(api: FastifyInstance, core: Core): void {
  const settings = core.config.billing.stripe;
  if (settings && !settings.webhookSecret)
    core.log.warn('STRIPE_WEBHOOK_SECRET is not set: Stripe events cannot be verified and the webhook answers 404');
  const stripe =
    settings?.webhookSecret !== undefined
      ? { client: createStripeClient(settings), secret: settings.webhookSecret, prices: cataloguePrices(core.db) }
      : null;

  void api.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
    scope.route({
      method: 'POST',
      url: '/billing/stripe/webhook/',
      config: { doc },
      handler: async (req, reply) => {
        if (!stripe) throw AppError.notFound();
        const signature = req.headers['stripe-signature'];
        if (typeof signature !== 'string' || !signature.trim())
          throw AppError.detail('bad_request', 'webhook_invalid', STRIPE_WEBHOOK_MESSAGES.missingSignature);
        const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
        let event: Stripe.Event;
        try {
          event = stripe.client.webhooks.constructEvent(body, signature, stripe.secret);
        } catch {
          // The error carries the header and the payload: neither is logged.
          throw AppError.detail('bad_request', 'webhook_invalid', STRIPE_WEBHOOK_MESSAGES.badSignature);
        }
        if (typeof event?.id !== 'string' || typeof event.type !== 'string' || !event.data?.object)
          throw AppError.detail('bad_request', 'webhook_invalid', STRIPE_WEBHOOK_MESSAGES.notAnEvent);

        let translation;
        try {
          translation = await translateStripeEvent(stripe.client, event, stripe.prices);
        } catch (err) {
          if (!(err instanceof Stripe.errors.StripeError)) throw err;
          // Stripe delivers the event again later; the answer only has to say it was not taken.
          req.log.warn({ eventId: event.id, type: event.type, stripeError: err.type }, 'Stripe event not applied');
          return reply
            .code(503)
            .send({ detail: STRIPE_WEBHOOK_MESSAGES.unreachable, code: 'payment_provider_unavailable' });
        }
        const outcomes: ApplyOutcome[] = [];
        for (const billingEvent of translation.events) {
          let outcome = await applyBillingEvent(core, billingEvent);
          // A subscription our checkout created, heard of before its checkout's completion: complete it first.
          if (outcome === 'unknown' && translation.activation) {
            await applyBillingEvent(core, translation.activation);
            outcome = await applyBillingEvent(core, billingEvent);
          }
          outcomes.push(outcome);
        }
        return { received: true, type: event.type, outcomes };
      },
    });
  });
}
