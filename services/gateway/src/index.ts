export { createEmbeddedApp, ALL_SERVICES } from './embedded-app.js';
export { createGateway } from './gateway.js';
