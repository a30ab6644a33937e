/**
 * The kinds of late-fee rule a lease can combine (docs/rent-cycle.md "Late fees"), declared once: the body
 * schema, the merge over a lease's terms, the view, the answer's schema and the fee itself are all derived from
 * this table, so a new kind is one row here (and its unit test). The kinds are those property managers' tools
 * offer (Buildium and Rentec Direct: a flat fee, a percent of the rent or of what is due, a daily or a weekly
 * fee), all added up, under one cap per rent invoice.
 */
import { percentOfCents } from '../money.js';

/** What a rule's figure is: cents (an amount with 2 decimals at the API) or a percentage (0–100, 3 decimals). */
export type LateFeeUnit = 'money' | 'percent';

/** What a rule is applied to on the day it charges. */
export interface LateFeeBasis {
  /** What is still due of the rent on its first late day. */
  dueCents: number;
  /** The rent invoice's total: the month's rent as charged. */
  rentCents: number;
  /** Days late after the first late day (0 on the first late day itself). */
  furtherDays: number;
}

interface RuleKind {
  unit: LateFeeUnit;
  /** The figure's name in the stored terms (money in cents says so). */
  stored: string;
  /** For the API's description of the field. */
  description: string;
  /** The fee this rule owes by a day, before the cap; `figure` in its unit. */
  owed(figure: number, basis: LateFeeBasis): number;
}

export const LATE_FEE_RULE_KINDS = {
  flat: {
    unit: 'money',
    stored: 'flatCents',
    description: 'Charged once, on the first late day',
    owed: (figure) => figure,
  },
  percent: {
    unit: 'percent',
    stored: 'percent',
    description: 'Percent of the rent still due, charged once on the first late day',
    owed: (figure, basis) => percentOfCents(basis.dueCents, figure),
  },
  percentOfRent: {
    unit: 'percent',
    stored: 'percentOfRent',
    description: 'Percent of the month’s rent (the rent invoice’s total), charged once on the first late day',
    owed: (figure, basis) => percentOfCents(basis.rentCents, figure),
  },
  daily: {
    unit: 'money',
    stored: 'dailyCents',
    description: 'Charged for each further day it stays unpaid',
    owed: (figure, basis) => figure * basis.furtherDays,
  },
  weekly: {
    unit: 'money',
    stored: 'weeklyCents',
    description:
      'Charged for each further full week it stays unpaid (7, 14, … days after the first late day)',
    owed: (figure, basis) => figure * Math.floor(basis.furtherDays / 7),
  },
} as const satisfies Record<string, RuleKind>;

type Kinds = typeof LATE_FEE_RULE_KINDS;
export type LateFeeKind = keyof Kinds;
export const LATE_FEE_KINDS = Object.keys(LATE_FEE_RULE_KINDS) as LateFeeKind[];

/** How a RENT invoice left unpaid after its grace days is charged (DESIGN.md "Late fees"): each rule's figure. */
export type LateFeeFigures = { [K in LateFeeKind as Kinds[K]['stored']]: number };
export interface LateFeeTerms extends LateFeeFigures {
  /** Cap of all late fees of one rent invoice; null: no cap. */
  maxPerMonthCents: number | null;
}

/** One value per kind, typed by kind. */
export function perKind<T>(
  value: (kind: LateFeeKind, rule: Kinds[LateFeeKind]) => T,
): Record<LateFeeKind, T> {
  return Object.fromEntries(
    LATE_FEE_KINDS.map((kind) => [kind, value(kind, LATE_FEE_RULE_KINDS[kind])]),
  ) as Record<LateFeeKind, T>;
}

/** A rule's figure in the stored terms; 0 for a kind added after the terms were written. */
export const figureOf = (terms: Partial<LateFeeFigures>, kind: LateFeeKind): number =>
  terms[LATE_FEE_RULE_KINDS[kind].stored] ?? 0;

/** Terms with the given figures (by kind) and every other rule 0; no cap unless given. */
export function lateFeeTerms(
  figures: Partial<Record<LateFeeKind, number>>,
  maxPerMonthCents: number | null = null,
): LateFeeTerms {
  const stored = Object.fromEntries(
    LATE_FEE_KINDS.map((kind) => [LATE_FEE_RULE_KINDS[kind].stored, figures[kind] ?? 0]),
  ) as LateFeeFigures;
  return { ...stored, maxPerMonthCents };
}

/** Stored terms read back whole: a kind added since they were written counts 0. */
export const completeLateFeeTerms = (
  terms: Partial<LateFeeFigures> & Pick<LateFeeTerms, 'maxPerMonthCents'>,
) =>
  lateFeeTerms(
    perKind((kind) => figureOf(terms, kind)),
    terms.maxPerMonthCents,
  );
