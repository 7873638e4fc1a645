// What other features may use of accounts; the rest is its own (biome.json enforces it).
export { meQueryKey, publicConfigQueryKey, useMember } from './api/me.ts';
