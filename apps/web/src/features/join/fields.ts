import { rules, withMessage, type Rule } from '@podium/protocol';
import type { FieldSpecs } from '../../shared/forms/useAppForm.ts';

export interface PreJoinValues extends Record<string, unknown> {
  displayName: string;
  passcode: string;
  /** Not inputs: they decide which rules apply (the rules' context, usePreJoin). */
  guest: boolean;
  askPasscode: boolean;
}

/** Spec §5 'Name is required' / 'Tên là bắt buộc' for guests; members fall back to their name. */
const nameForGuests: Rule = (value, values) =>
  values.guest === true ? withMessage(rules.required(), 'name_required')(value, values) : null;

/**
 * The passcode modal needs one when the event asks for it. The page itself never checks this
 * field: a signed-in person may be the host, whom the server lets in without it.
 */
const passcodeWhenAsked: Rule = (value, values) =>
  values.askPasscode === true
    ? withMessage(rules.required(), 'enter_passcode')(value, values)
    : null;

export const preJoinFields = {
  displayName: { rules: [nameForGuests, rules.max(100)], label: 'join.prejoin.displayName' },
  passcode: { rules: [passcodeWhenAsked, rules.max(256)], label: 'join.prejoin.passcode' },
} satisfies FieldSpecs<PreJoinValues>;
