import type https from 'node:https';
import webPush, { WebPushError } from 'web-push';
import type { PushPayload } from '../../common/push.ts';
import type { VapidKeys } from './vapid.ts';

/** Where one message goes: a stored subscription. */
export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

export interface PushMessage {
  payload: PushPayload;
  /** Collapses the list's messages still waiting at the push service into the newest. */
  topic: string;
  ttlSeconds: number;
  urgency: 'normal' | 'high';
}

/** `gone`: the push service says the subscription is no more (404, 410); it is then deleted. Other failures throw. */
export type PushOutcome = 'sent' | 'gone';

export type PushSender = (target: PushTarget, message: PushMessage) => Promise<PushOutcome>;

/** How long one push service may take to answer before the message counts as failed. */
const PUSH_REQUEST_TIMEOUT_MS = 10_000;

/** Sends through the web-push library (VAPID, aes128gcm), over the guarded agent (endpoint.ts). */
export function createPushSender(deps: { vapid: VapidKeys; subject: string; agent: https.Agent }): PushSender {
  const vapidDetails = { subject: deps.subject, ...deps.vapid };
  return async (target, message) => {
    try {
      await webPush.sendNotification(
        { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
        JSON.stringify(message.payload),
        {
          vapidDetails,
          TTL: message.ttlSeconds,
          topic: message.topic,
          urgency: message.urgency,
          contentEncoding: 'aes128gcm',
          agent: deps.agent,
          timeout: PUSH_REQUEST_TIMEOUT_MS,
        },
      );
      return 'sent';
    } catch (error) {
      if (error instanceof WebPushError && (error.statusCode === 404 || error.statusCode === 410)) return 'gone';
      throw error;
    }
  };
}
