import { z } from '../zod.ts';

/** A base64url key that decodes to exactly `bytes` bytes (the browser's subscription keys). */
const base64urlKey = (bytes: number) =>
  z
    .string()
    .max(200)
    .regex(/^[A-Za-z0-9_-]+={0,2}$/)
    .refine((value) => base64urlLength(value) === bytes);

function base64urlLength(value: string): number {
  const digits = value.replace(/=+$/, '').length;
  return Math.floor((digits * 3) / 4);
}

/** What `PushSubscription.toJSON()` gives in the browser (the spec's fcmTokens entry). */
export const PushSubscriptionInput = z.strictObject({
  endpoint: z.string().min(1).max(2048),
  expirationTime: z.number().nullable().optional(),
  keys: z.strictObject({
    // An uncompressed P-256 public key and a 16-byte secret (RFC 8291).
    p256dh: base64urlKey(65),
    auth: base64urlKey(16),
  }),
});
export type PushSubscriptionInput = z.infer<typeof PushSubscriptionInput>;

export const PushEndpointInput = z.strictObject({ endpoint: z.string().min(1).max(2048) });

export const PushPublicKey = z.object({ publicKey: z.string() });
export type PushPublicKey = z.infer<typeof PushPublicKey>;

/** What a push message carries to the service worker. */
export interface PushPayload {
  title: string;
  body: string;
  /** The app address to open on click, e.g. `/#/posts/…`. */
  url: string;
  tag: string;
  /** The academy's mark (its logo's address here), shown beside the notification. */
  icon: string;
}
