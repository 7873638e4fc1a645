// What other features may use of the showcase; the rest is its own (biome.json enforces it).
export { showcaseQueryKey, useShowcase } from './api/showcase.ts';
