// Vitest global setup for the PostgreSQL project: one server for the run, with a migrated and
// seeded template database that each test copies.
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/db/client.js';
import { seedCity } from '../../src/db/seed.js';
import { linzCity } from './city.js';
import { startPostgres } from '@linz/test-peers/postgres';

declare module 'vitest' {
  export interface ProvidedContext {
    pgUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const server = await startPostgres();
  const admin = await openDatabase({ databaseUrl: server.url('postgres') });
  const { sql } = await import('drizzle-orm');
  await admin.rows(sql.raw('CREATE DATABASE linz_template'));
  await admin.close();
  const template = await openDatabase({ databaseUrl: server.url('linz_template') });
  await seedCity(template, linzCity());
  await template.close();
  project.provide('pgUrl', server.url('postgres'));
  return () => server.destroy();
}
