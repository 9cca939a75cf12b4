// @fastify/rate-limit's stores, imported as files (rate-limit-store.ts gives them their constructor types).
declare module '@fastify/rate-limit/store/LocalStore.js' {
  const LocalStore: unknown;
  export default LocalStore;
}
declare module '@fastify/rate-limit/store/RedisStore.js' {
  const RedisStore: unknown;
  export default RedisStore;
}
