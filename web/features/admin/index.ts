// What other features may use of admin; the rest is its own (biome.json enforces it).
export { adminFeedbackQueryKey, adminLogsQueryKey } from './api/admin-tools.ts';
export { adminPeopleQueryKey } from './api/people.ts';
