import { AI_TEXT } from '../../../common/ai-ui.ts';
import ui from '../../components/ui.module.css';
import { runCustomPromptsAction, useAiAllowed, useAiBusy } from '../../state/ai-actions.ts';
import type { ClientList } from '../../state/app-state.ts';

/** List Settings' "Run custom prompts", for those who may use AI on the list; busy while the prompts run. */
export function RunCustomPromptsButton({ list }: { list: ClientList }) {
  const allowed = useAiAllowed(list);
  const busy = useAiBusy(list.id, 'prompts');
  if (!allowed) return null;
  return (
    <button
      type="button"
      className={ui.secondary}
      aria-disabled={busy}
      onClick={() => {
        if (!busy) void runCustomPromptsAction(list);
      }}
    >
      {busy ? AI_TEXT.runningCustomPrompts : AI_TEXT.runCustomPrompts}
    </button>
  );
}
