// What other features may use of push; the rest is its own (biome.json enforces it).
export { forgetPushOnThisDevice } from './push.ts';
