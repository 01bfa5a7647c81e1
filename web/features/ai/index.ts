export { aiSortAction, useAiAllowed, storedAiProvider, runCustomPromptsAction, useAiBusy } from './ai-actions.ts';
export { AiActivity } from './AiActivity.tsx';
export { PhotoItemsButton } from './PhotoItemsButton.tsx';
export { useAiInfo } from './ai-info.ts';
export { RunCustomPromptsButton } from './RunCustomPromptsButton.tsx';
export { ItemAiMenu } from './ItemAiMenu.tsx';
