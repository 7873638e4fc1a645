// What other features may use of instructors; the rest is its own (biome.json enforces it).
export { instructorsQueryKey } from './api/instructors.ts';
