// What other features may use of tutorial; the rest is its own (biome.json enforces it).
export { useTutorialReport } from './tutorial.tsx';
