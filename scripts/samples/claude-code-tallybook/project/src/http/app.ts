import Fastify, { type FastifyInstance } from 'fastify';
import Database from 'better-sqlite3';
import { authPlugin } from './auth';
import { errorHandler } from './errors';
import { budgetRoutes } from './routes/budgets';
import { expenseRoutes } from './routes/expenses';
import { reportRoutes } from './routes/reports';
import { teamRoutes } from './routes/teams';
import { migrate } from '../store/migrations';
import { SqliteExpenseStore, type ExpenseStore } from '../store/expenses';
import { SqliteTeamStore, type TeamStore } from '../store/teams';
import { RateTable, StaticRates, type RateSource } from '../money/rates';
import { EcbRates } from '../money/ecb';
import { readFixture } from '../config';

export interface AppOptions {
  /** A file path, or ':memory:' for tests. */
  database: string;
  /** 'ecb' in production; 'fixture' serves test/fixtures/rates-*.json. */
  rates: 'ecb' | 'fixture';
  logger?: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    expenses: ExpenseStore;
    teams: TeamStore;
    rates: RateTable;
  }
}

export type App = FastifyInstance;

export async function buildApp(options: AppOptions): Promise<App> {
  const app = Fastify({
    logger: options.logger === false ? false : { level: process.env.LOG_LEVEL ?? 'info' },
    disableRequestLogging: process.env.NODE_ENV === 'test',
  });

  const db = new Database(options.database);
  db.pragma('journal_mode = WAL');
  db.pragma('foreign_keys = ON');
  migrate(db);

  const source: RateSource =
    options.rates === 'ecb' ? new EcbRates() : new StaticRates(readFixture('rates-2025-03.json'));

  app.decorate('expenses', new SqliteExpenseStore(db));
  app.decorate('teams', new SqliteTeamStore(db));
  app.decorate('rates', new RateTable(source));

  app.setErrorHandler(errorHandler);
  await app.register(authPlugin);
  await app.register(teamRoutes);
  await app.register(expenseRoutes);
  await app.register(budgetRoutes);
  await app.register(reportRoutes);

  app.addHook('onClose', async () => {
    db.close();
  });
  return app;
}
