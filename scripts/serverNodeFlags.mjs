// Node flags of the server process, for `npm start` (scripts/start.mjs) and the bench's server.
// A young generation of 32 MB (V8's default is 16): a request's garbage dies young, and each
// scavenge costs what is still alive (the requests in flight), so half as many scavenges cost half
// as much; docs/performance.md, change 20.
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=32'];
