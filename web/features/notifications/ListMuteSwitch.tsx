import { PUSH_UI_TEXT } from '../../../common/push.ts';
import { SwitchField } from '../../ui/SwitchField.tsx';
import type { ClientList } from '../../core/store/app-state.ts';
import { isSharedWithOthers, setListMutedAction, useListMuted } from './list-notifications.ts';

/** List Settings' mute of the list's notifications, for the user's every device; only on a list shared with others. */
export function ListMuteSwitch({ list }: { list: ClientList }) {
  const shared = isSharedWithOthers(list);
  const muted = useListMuted(list.id, shared);
  if (!shared) return null;
  return (
    <SwitchField
      label={PUSH_UI_TEXT.mute}
      hint={PUSH_UI_TEXT.muteHelp}
      checked={muted === true}
      disabled={muted === undefined}
      onCheckedChange={(checked) => void setListMutedAction(list.id, checked)}
    />
  );
}
