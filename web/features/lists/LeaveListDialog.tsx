import { UI_TEXT } from '../../../common/messages.ts';
import { ConfirmDialog, type ConfirmDialogProps } from '../../ui/ConfirmDialog.tsx';

/** Asks before a member leaves a list (decision 023): from its dashboard card or its "..." menu. */
export function LeaveListDialog({
  open,
  name,
  onConfirm,
  onCancel,
  fallbackFocus,
}: { open: boolean; name: string; onConfirm: () => void; onCancel: () => void } & Pick<ConfirmDialogProps, 'fallbackFocus'>) {
  return (
    <ConfirmDialog
      open={open}
      title="Leave list"
      message={UI_TEXT.leaveListConfirm(name)}
      confirmLabel="Leave"
      onConfirm={onConfirm}
      onCancel={onCancel}
      fallbackFocus={fallbackFocus}
    />
  );
}
