import { useEffect, useState } from 'react';
import { deferredModule } from '../../shared/ui/deferredModule.ts';
import type { PasscodeDialogProps } from './PasscodeDialog.tsx';

// The dialog (Mantine's Modal and PasswordInput) is not in the join page's first load (issue 11).
const useDialog = deferredModule(() => import('./PasscodeDialog.tsx'));

/**
 * Spec §2 'Modals: passcode entry': the one passcode prompt of the app — the join page asks it
 * before joining, the watch page (/live/{alias}) before playing. The caller owns the field's
 * value and validation (`inputProps`) and what submitting does. Rendered from the first time it
 * is opened, once its code is here.
 */
export function PasscodeModal(props: PasscodeDialogProps) {
  const dialog = useDialog();
  const [asked, setAsked] = useState(props.opened);
  if (props.opened && !asked) setAsked(true);
  const { load } = dialog;
  useEffect(() => {
    if (asked) void load().catch(() => undefined);
  }, [asked, load]);
  if (!asked || !dialog.module) return null;
  const { PasscodeDialog } = dialog.module;
  return <PasscodeDialog {...props} />;
}
