import type { ChangeRequest } from './client.ts';

/**
 * Undo (docs/api.md, "Undo"): a change that takes something away names an undo id made here, and
 * POST /lists/{id}/undo/{undoId} puts back what it took. Both are changes like any other, queued
 * offline and sent in order, so an Undo pressed offline follows the change it takes back.
 */

/** `?undo=<id>` for a removal, or nothing. */
export const undoQuery = (undoId: string | undefined) => (undoId === undefined ? '' : `?undo=${encodeURIComponent(undoId)}`);

export const undoRequests = {
  /** Answers UndoResponse: the items put back, as they are now. */
  undo: (listId: string, undoId: string): ChangeRequest => ({
    method: 'POST',
    path: `/lists/${encodeURIComponent(listId)}/undo/${encodeURIComponent(undoId)}`,
  }),
};
