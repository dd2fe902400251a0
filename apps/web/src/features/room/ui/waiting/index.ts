export { WaitingScreen, type WaitingScreenProps, type WaitingState } from './WaitingScreen.tsx';
