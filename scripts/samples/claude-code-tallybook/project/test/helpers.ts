import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { buildApp, type App } from '../src/http/app';
import type { Expense } from '../src/store/expenses';

const FIXTURES = fileURLToPath(new URL('./fixtures/', import.meta.url));

export function fixture<T>(name: string): T {
  return JSON.parse(readFileSync(FIXTURES + name, 'utf8')) as T;
}

/** Test tokens are "test:<userId>"; the auth plugin accepts them when NODE_ENV is "test". */
export function authAs(userId: string): Record<string, string> {
  return { authorization: `Bearer test:${userId}` };
}

export interface Seed {
  team: { id: string; slug: string; timeZone: string; currency: string };
  expenses: string;
  rates: string;
}

export async function seedFromFixture(app: App, seed: Seed): Promise<void> {
  await app.teams.insert({ ...seed.team, name: 'Kea Studio', createdAt: '2024-08-01T00:00:00.000Z' });
  await app.teams.addMember(seed.team.id, 'usr_ana', 'owner');
  for (const e of fixture<Expense[]>(seed.expenses)) await app.expenses.insert(e);
}

/** An app seeded with the Kea Studio fixture, for scripts and ad-hoc checks. */
export async function buildTestApp(expenses: string, rates: string): Promise<App> {
  process.env.NODE_ENV = 'test';
  const app = await buildApp({ database: ':memory:', rates: 'fixture', logger: false });
  await seedFromFixture(app, {
    team: { id: 'team_kea', slug: 'kea-studio', timeZone: 'Pacific/Auckland', currency: 'NZD' },
    expenses,
    rates,
  });
  return app;
}
