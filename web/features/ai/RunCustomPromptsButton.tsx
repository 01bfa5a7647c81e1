import { AI_TEXT } from '../../../common/ai-ui.ts';
import { BusyButton } from '../../ui/BusyButton.tsx';
import ui from '../../ui/ui.module.css';
import { runCustomPromptsAction, useAiAllowed, useAiBusy } from './ai-actions.ts';
import type { ClientList } from '../../core/store/app-state.ts';

/** List Settings' "Run custom prompts", for those who may use AI on the list; busy while the prompts run. */
export function RunCustomPromptsButton({ list }: { list: ClientList }) {
  const allowed = useAiAllowed(list);
  const busy = useAiBusy(list.id, 'prompts');
  if (!allowed) return null;
  return (
    <BusyButton className={ui.secondary} busy={busy} onClick={() => void runCustomPromptsAction(list)}>
      {busy ? AI_TEXT.runningCustomPrompts : AI_TEXT.runCustomPrompts}
    </BusyButton>
  );
}
