import type { ChangeRequest } from '../net/client.ts';

/** A change that could not reach the server, replayed in order with the same Idempotency-Key. */
export interface PendingChange extends ChangeRequest {
  key: string;
  listId: string;
  /**
   * When a change cut off on its way was sent (ISO, the server's clock): the server may have made
   * it, and remembers its key for IDEMPOTENCY_TTL_MS only (sync.ts). None for one that never left.
   */
  sentAt?: string;
}
