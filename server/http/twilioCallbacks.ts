import type { FastifyInstance } from 'fastify';
import {
  TWILIO_CALLBACK_KINDS,
  TWILIO_CALLBACK_PATH,
  type TwilioTelephony,
} from '../adapters/telephony/twilioTelephony.ts';

/**
 * Twilio's callbacks (adapters/telephony/twilioTelephony.ts): the TwiML asked for when an agent
 * picks up, the Dial's action, the legs' status and the recording, as form posts. Each must carry
 * a valid X-Twilio-Signature over PUBLIC_URL + the path and query it was posted to (403 otherwise);
 * registered only while Twilio is the telephony.
 */
export function registerTwilioCallbacks(app: FastifyInstance, telephony: TwilioTelephony, publicUrl: string): void {
  const base = publicUrl.replace(/\/$/, '');
  for (const kind of TWILIO_CALLBACK_KINDS) {
    app.post<{ Querystring: { attempt?: string } }>(`${TWILIO_CALLBACK_PATH}/${kind}`, async (request, reply) => {
      const params = (request.body && typeof request.body === 'object' ? request.body : {}) as Record<string, unknown>;
      const signature = request.headers['x-twilio-signature'];
      if (!telephony.verifyCallback(`${base}${request.url}`, params, typeof signature === 'string' ? signature : undefined)) {
        return reply.code(403).type('text/plain').send('Invalid Twilio signature');
      }
      const fields = Object.fromEntries(Object.entries(params).map(([name, value]) => [name, String(Array.isArray(value) ? value[0] : value)]));
      const twiml = await telephony.handleCallback(kind, request.query.attempt ?? '', fields);
      return reply.type('text/xml').send(twiml);
    });
  }
}
