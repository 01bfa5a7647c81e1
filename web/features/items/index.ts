export { setServerItems, addItemPiecesAction, takeItemAnswers, type AddedPiece, type PieceFate, type PiecesAdded, loadItems, renameItemAction, toggleItemAction } from './item-actions.ts';
export { revealItems, itemsRevealed, useItemsToReveal } from './reveal-items.ts';
export { heldItems, newUndoId, offerUndo } from './undo.ts';
export { type ItemsRead } from './items-api.ts';
export { deleteItemAction, clearCompletedAction, clearSortLabelsAction, hasSortLabels } from './undoable-actions.ts';
export { addTypedLineAction, dismissSplitNotice, keepAsOneAction, undoKeepAction, useSplitNotice } from './split-notice.ts';
