import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { parseMonth } from '../../dates/month';
import { isValidZone } from '../../dates/zone';
import { isCurrency, type Currency } from '../../money/money';
import { buildMonthlyReport } from '../../reports/monthly';
import { toCsv } from '../../reports/csv';
import { HttpError } from '../errors';

const Params = z.object({
  teamId: z.string().startsWith('team_'),
  month: z.string().regex(/^\d{4}-\d{2}(\.csv)?$/),
});

const Query = z.object({
  currency: z.string().refine(isCurrency).optional(),
});

export async function reportRoutes(app: FastifyInstance): Promise<void> {
  app.get('/teams/:teamId/reports/:month', async (request, reply) => {
    const params = Params.parse(request.params);
    const query = Query.parse(request.query);
    const team = await app.teams.get(params.teamId);
    if (!team) throw new HttpError(404, 'team_not_found', `no team ${params.teamId}`);
    await app.auth.requireMember(request, team.id);

    if (!isValidZone(team.timeZone)) {
      throw new HttpError(500, 'bad_team_zone', `team ${team.id} has an unknown time zone`);
    }
    const wantsCsv = params.month.endsWith('.csv');
    const { year, month } = parseMonth(params.month.replace(/\.csv$/, ''));
    const report = await buildMonthlyReport(app.expenses, app.rates, {
      teamId: team.id,
      year,
      month,
      tz: team.timeZone,
      currency: (query.currency as Currency | undefined) ?? team.currency,
    });

    if (wantsCsv) {
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${team.slug}-${report.month}.csv"`)
        .send(toCsv(report));
    }
    return report;
  });
}
