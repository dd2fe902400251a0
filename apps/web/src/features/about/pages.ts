export { HelpPage } from './HelpPage.tsx';
export { PrivacyPage } from './PrivacyPage.tsx';
export { UpdatePage } from './UpdatePage.tsx';
