// What other features may use of profile; the rest is its own (biome.json enforces it).
export { feedbackQueryKey, profileQueryKey } from './api/profile.ts';
