/** Where the owner's signed-in browser state is kept between the setup and the journeys. */
export const OWNER_STATE = '.test-artifacts/owner-state.json';
