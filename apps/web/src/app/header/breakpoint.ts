/** Below this Mantine breakpoint the header's links and controls move into the phone menu. */
export const MOBILE_MENU_BREAKPOINT = 'md';
