// The schema registry drizzle() and drizzle-kit read; each domain keeps its own file.
export * from './users';
export * from './reference';
export * from './profile';
export * from './uploads';
export * from './companies';
export * from './marketplace';
export * from './notifications';
export * from './security';
export * from './workbench';
export * from './conversations';
export * from './discovery';
export * from './trust';
export * from './open';
