export {
  isQueued,
  LockedScreen,
  RoomFullScreen,
  WaitingForHostScreen,
  WaitingRoomScreen,
  WaitingScreen,
  type WaitingScreenProps,
  type WaitingState,
} from './WaitingScreen.tsx';
