export { JOIN_QUERY } from './join-path.ts';
export { PublicListScreen } from './PublicListScreen.tsx';
