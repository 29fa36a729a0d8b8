/**
 * A PostgreSQL schema of its own for each test file (the machine's server on 127.0.0.1:5432, database `test`, trust
 * auth; others run tests against it at the same time), dropped afterwards. PGHOST/PGPORT/PGUSER/PGDATABASE override.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { PG_CONFIG } from './pg-config.mjs';

export { PG_CONFIG };

export interface TestSchema {
  schema: string;
  pool: pg.Pool;
  drop(): Promise<void>;
}

export async function testSchema(): Promise<TestSchema> {
  const schema = `kyc_test_${randomBytes(6).toString('hex')}`;
  const pool = new pg.Pool({ ...PG_CONFIG, max: 20 });
  return {
    schema,
    pool,
    async drop() {
      await pool.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      await pool.end();
    },
  };
}
