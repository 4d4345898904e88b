import type Database from 'better-sqlite3';
import { z } from 'zod';
import { isCurrency, money, type Currency, type Money } from '../money/money';

export type ExpenseKind = 'expense' | 'refund';

export interface Expense {
  id: string;
  teamId: string;
  /** ISO instant in UTC. */
  occurredAt: string;
  category: string;
  description: string;
  /** Always positive; `kind` says which way it goes. */
  amount: Money;
  kind: ExpenseKind;
  createdBy: string;
}

export interface ExpenseStore {
  get(id: string): Promise<Expense | undefined>;
  /** Expenses with `from <= occurredAt < to`, oldest first. */
  listBetween(teamId: string, from: string, to: string): Promise<Expense[]>;
  insert(expense: Expense): Promise<void>;
}

const Row = z.object({
  id: z.string(),
  team_id: z.string(),
  occurred_at: z.string(),
  category: z.string(),
  description: z.string(),
  amount_minor: z.number().int().nonnegative(),
  currency: z.string().refine(isCurrency, 'unknown currency'),
  kind: z.enum(['expense', 'refund']),
  created_by: z.string(),
});

function fromRow(raw: unknown): Expense {
  const row = Row.parse(raw);
  return {
    id: row.id,
    teamId: row.team_id,
    occurredAt: row.occurred_at,
    category: row.category,
    description: row.description,
    amount: money(row.amount_minor, row.currency as Currency),
    kind: row.kind,
    createdBy: row.created_by,
  };
}

export class SqliteExpenseStore implements ExpenseStore {
  private readonly byId: Database.Statement;
  private readonly between: Database.Statement;
  private readonly insertOne: Database.Statement;

  constructor(private readonly db: Database.Database) {
    this.byId = db.prepare('SELECT * FROM expenses WHERE id = ?');
    this.between = db.prepare(
      `SELECT * FROM expenses
        WHERE team_id = ? AND occurred_at >= ? AND occurred_at < ?
        ORDER BY occurred_at, id`,
    );
    this.insertOne = db.prepare(
      `INSERT INTO expenses (id, team_id, occurred_at, category, description, amount_minor, currency, kind, created_by)
       VALUES (@id, @team_id, @occurred_at, @category, @description, @amount_minor, @currency, @kind, @created_by)`,
    );
  }

  async get(id: string): Promise<Expense | undefined> {
    const row = this.byId.get(id);
    return row === undefined ? undefined : fromRow(row);
  }

  async listBetween(teamId: string, from: string, to: string): Promise<Expense[]> {
    return this.between.all(teamId, from, to).map(fromRow);
  }

  async insert(e: Expense): Promise<void> {
    this.insertOne.run({
      id: e.id,
      team_id: e.teamId,
      occurred_at: e.occurredAt,
      category: e.category,
      description: e.description,
      amount_minor: e.amount.minor,
      currency: e.amount.currency,
      kind: e.kind,
      created_by: e.createdBy,
    });
  }
}

/** For tests: the same contract over an array. */
export class MemoryExpenseStore implements ExpenseStore {
  constructor(private readonly rows: Expense[] = []) {}

  async get(id: string): Promise<Expense | undefined> {
    return this.rows.find((r) => r.id === id);
  }

  async listBetween(teamId: string, from: string, to: string): Promise<Expense[]> {
    return this.rows
      .filter((r) => r.teamId === teamId && r.occurredAt >= from && r.occurredAt < to)
      .sort((a, b) => a.occurredAt.localeCompare(b.occurredAt) || a.id.localeCompare(b.id));
  }

  async insert(e: Expense): Promise<void> {
    this.rows.push(e);
  }
}
