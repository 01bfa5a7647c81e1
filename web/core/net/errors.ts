import { ApiError } from './client.ts';

/** The message to show for a failed call: the server's when it sent one, else the caller's fallback. */
export function messageOf(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.explained ? error.message : fallback;
}
