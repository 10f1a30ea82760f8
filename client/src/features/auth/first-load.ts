// What the app's first load needs of the auth feature (the router, the public frame): who may open
// a route, and the session. Kept apart from index.ts, whose forms bring their validation code, so
// the first load stays small; pages import the forms from index.ts when they load.
export { GuestOnly } from './components/GuestOnly';
export { RequireAuth } from './components/RequireAuth';
export { SendersOnly } from './components/SendersOnly';
export { useSession } from './hooks/use-session';
