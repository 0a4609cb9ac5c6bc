// The database schema, as drizzle-kit (drizzle.config.ts) and the client read it: an
// index of re-exports only. Tables live in their modules, which import `users` from
// identity-schema.ts and never this file, so no module imports back its importer.
export * from './identity-schema.ts';
export * from './billing-schema.ts';
export * from './software-schema.ts';
export * from './webgis-schema.ts';
export * from './teams-schema.ts';
export * from './onpremise-schema.ts';
export * from './consultation-schema.ts';
