import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../src/http/app';
import { authAs, seedFromFixture } from '../helpers';

describe('GET /teams/:teamId/reports/:month', () => {
  let app: App;

  beforeAll(async () => {
    app = await buildApp({ database: ':memory:', rates: 'fixture', logger: false });
    await seedFromFixture(app, {
      team: { id: 'team_kea', slug: 'kea-studio', timeZone: 'Pacific/Auckland', currency: 'NZD' },
      expenses: 'expenses-2025-03.json',
      rates: 'rates-2025-03.json',
    });
  });

  afterAll(() => app.close());

  it('March report for team_kea matches the fixture', async () => {
    const res = await app.inject({ url: '/teams/team_kea/reports/2025-03', headers: authAs('usr_ana') });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.rows).toHaveLength(162);
    expect(body.total).toEqual({ minor: 4118169, currency: 'NZD' });
  });

  it('serves the CSV with a download name', async () => {
    const res = await app.inject({ url: '/teams/team_kea/reports/2025-03.csv', headers: authAs('usr_ana') });
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="kea-studio-2025-03.csv"');
    expect(res.body.split('\r\n')[0]).toBe('date,category,description,kind,amount,currency,rate,amount_report');
  });

  it('converts to another currency on request', async () => {
    const res = await app.inject({ url: '/teams/team_kea/reports/2025-03?currency=USD', headers: authAs('usr_ana') });
    expect(res.statusCode).toBe(200);
    expect(res.json().currency).toBe('USD');
  });

  it('rejects a malformed month', async () => {
    const res = await app.inject({ url: '/teams/team_kea/reports/2025-3', headers: authAs('usr_ana') });
    expect(res.statusCode).toBe(400);
  });

  it('hides other teams', async () => {
    const res = await app.inject({ url: '/teams/team_kea/reports/2025-03', headers: authAs('usr_outsider') });
    expect(res.statusCode).toBe(403);
  });

  it('404s for an unknown team', async () => {
    const res = await app.inject({ url: '/teams/team_nope/reports/2025-03', headers: authAs('usr_ana') });
    expect(res.statusCode).toBe(404);
  });
});
