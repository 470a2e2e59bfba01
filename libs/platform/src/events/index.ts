export * from './event-consumer.js';
export * from './event-publisher.js';
export * from './event-tables.js';
export * from './event-transport.js';
export * from './event-validation.js';
export * from './in-process-transport.js';
export * from './nats-transport.js';
export * from './outbox-relay.js';
