// What other features may use of notifications; the rest is its own (biome.json enforces it).
export { notificationsQueryKey } from './api/notifications.ts';
