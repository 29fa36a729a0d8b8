/**
 * The machine's PostgreSQL as the tests and their child processes reach it: 127.0.0.1:5432, trust auth, database
 * `test` (PGHOST, PGPORT, PGUSER and PGDATABASE override).
 */
export const PG_CONFIG = {
  host: process.env.PGHOST ?? '127.0.0.1',
  port: Number(process.env.PGPORT ?? 5432),
  user: process.env.PGUSER ?? 'postgres',
  database: process.env.PGDATABASE ?? 'test',
};
