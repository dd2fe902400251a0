import { rules, withMessage } from '@podium/protocol';
import type { FieldSpecs } from '../../shared/forms/useAppForm.ts';

export interface WatchPasscodeValues extends Record<string, unknown> {
  passcode: string;
}

/** The watch page's passcode prompt: the same rules as the join page's. */
export const watchPasscodeFields: FieldSpecs<WatchPasscodeValues> = {
  passcode: {
    rules: [withMessage(rules.required(), 'enter_passcode'), rules.max(256)],
    label: 'live.page.passcode',
  },
};
