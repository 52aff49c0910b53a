// `npm run dev`: the server in development mode, the web app served from its sources through
// Vite's dev server with hot reload (no build needed). Stack traces are shown; the local mailbox
// page stays off unless DEV_MAILBOX=true.
process.env.NODE_ENV = 'development';

const { main } = await import('../apps/api/src/server.ts');
await main({ dev: true });
